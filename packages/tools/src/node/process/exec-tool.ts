import { resolve } from "node:path";
import type { AgentTool } from "@earendil-works/pi-agent-core";
import { arr, num, obj, opt, str } from "@earendil-works/pi-schema";
import { ToolError } from "../../tool-error.js";
import { BASH_MAX_TIMEOUT_SECONDS } from "../bash-tool.js";
import { BoundedOutput, COMMAND_OUTPUT_MAX_BYTES } from "./bounded-output.js";
import { type ConfinementOptions, startConfinedProcess } from "./start-confined-process.js";

/** Most arguments of one Exec call (a command line of a few hundred words; more is a runaway model). */
export const EXEC_MAX_ARGUMENTS = 1_000;

/** Most characters of all Exec arguments together (128 KiB, Linux's single-argument limit). */
export const EXEC_MAX_ARGUMENT_CHARACTERS = 128 * 1024;

const parameters = obj({
  argv: arr(str(), {
    description: 'The program and its arguments, e.g. ["git", "status", "--short"]; no shell, no globbing',
  }),
  cwd: opt(str({ description: "Working directory, relative to the workspace (default: .)" })),
  timeoutSec: opt(
    num({
      description: `Seconds before the command is killed (default and max ${BASH_MAX_TIMEOUT_SECONDS})`,
    }),
  ),
});

function checkArgv(argv: unknown): string[] {
  if (!Array.isArray(argv) || argv.length === 0 || argv.some((entry) => typeof entry !== "string"))
    throw new ToolError(
      "invalid_tool_arguments",
      'Exec needs argv: a non-empty array of strings such as ["ls", "-la"]',
    );
  if (argv[0] === "")
    throw new ToolError("invalid_tool_arguments", "Exec needs a program name as argv[0]; it was empty");
  const characters = argv.reduce((sum: number, entry: string) => sum + entry.length, 0);
  if (argv.length > EXEC_MAX_ARGUMENTS || characters > EXEC_MAX_ARGUMENT_CHARACTERS)
    throw new ToolError(
      "invalid_tool_arguments",
      `Exec takes at most ${EXEC_MAX_ARGUMENTS} arguments and ${EXEC_MAX_ARGUMENT_CHARACTERS} characters; write longer input to a file`,
    );
  if (argv.some((entry) => entry.includes("\0")))
    throw new ToolError("invalid_tool_arguments", "Exec arguments cannot contain NUL characters");
  return argv;
}

/**
 * The Exec built-in tool `{ argv, cwd?, timeoutSec? }`: one program run without a shell, in the same
 * sandbox as Bash (roots, denyWrite, protected paths, network mode, scrubbed env), output bounded to
 * {@link COMMAND_OUTPUT_MAX_BYTES} (head and tail kept), killed with its whole group at the timeout or when
 * the run ends. A non-zero exit is an error result carrying the output.
 */
export function createExecTool(options: ConfinementOptions): AgentTool<typeof parameters> {
  return {
    name: "Exec",
    label: "Exec",
    description:
      "Run one program with arguments, without a shell (no pipes, globbing or variable expansion), in the same sandbox as Bash: " +
      `the workspace and configured roots only, no host secrets in the environment. Output is kept to ${COMMAND_OUTPUT_MAX_BYTES / 1024} KiB; ` +
      `commands time out after ${BASH_MAX_TIMEOUT_SECONDS} seconds at most.`,
    parameters,
    async execute(_toolCallId, params, signal) {
      const argv = checkArgv(params.argv);
      const requested = params.timeoutSec;
      const timeoutSec =
        requested === undefined || !(requested > 0)
          ? BASH_MAX_TIMEOUT_SECONDS
          : Math.min(requested, BASH_MAX_TIMEOUT_SECONDS);
      const cwd = params.cwd === undefined ? undefined : resolve(options.workspaceDir, params.cwd);
      const started = await startConfinedProcess(options, argv, cwd);
      const output = new BoundedOutput();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        started.killGroup();
      }, timeoutSec * 1000);
      if (signal?.aborted) started.killGroup();
      signal?.addEventListener("abort", started.killGroup, { once: true });
      started.child.stdin?.end();
      started.child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
      started.child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
      try {
        const exitCode = await new Promise<number | null>((resolveExit, reject) => {
          started.child.once("error", reject);
          started.child.once("close", (code) => resolveExit(code));
        });
        const text = output.text() || "(no output)";
        if (signal?.aborted) throw new Error(`${text}\n\nCommand aborted`);
        if (timedOut) throw new Error(`${text}\n\nCommand timed out after ${timeoutSec} seconds`);
        if (exitCode !== 0)
          throw new Error(`${text}\n\nCommand exited with code ${exitCode ?? "null (killed)"}`);
        return { content: [{ type: "text", text }], details: { exitCode } };
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener("abort", started.killGroup);
        await started.release();
      }
    },
  };
}
