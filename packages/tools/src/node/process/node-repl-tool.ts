import type { AgentTool } from "@earendil-works/pi-agent-core";
import { obj, str } from "@earendil-works/pi-schema";
import { ToolError } from "../../tool-error.js";
import { COMMAND_OUTPUT_MAX_BYTES } from "./bounded-output.js";
import { NODE_REPL_RUNNER_SOURCE } from "./node-repl-runner.js";
import {
  type ConfinedProcess,
  type ConfinementOptions,
  startConfinedProcess,
} from "./start-confined-process.js";

/** Seconds one NodeRepl call may run (60 s: a computation, a small download in allowed network modes). */
export const NODE_REPL_CALL_TIMEOUT_SECONDS = 60;

/** Most characters of code per NodeRepl call (100 KiB; larger programs belong in a file run with Exec). */
export const NODE_REPL_MAX_CODE_CHARACTERS = 100 * 1024;

/** Most bytes of one protocol line the host reads from the REPL (output bound + inspect result + JSON escaping). */
const PROTOCOL_LINE_MAX_BYTES = 4 * COMMAND_OUTPUT_MAX_BYTES + 64 * 1024;

/** The `node` the REPL runs with, found on the PATH of the command (inside the sandbox as on the host). */
export const NODE_REPL_NODE = "node";

const parameters = obj({
  code: str({
    description:
      "JavaScript to evaluate; variables and functions persist to the next call; top-level await works",
  }),
});

interface ReplAnswer {
  id: number;
  output: string;
  result?: string;
  error?: string;
}

/** The NodeRepl tool of one run and the way to end its process. */
export interface NodeReplSession {
  tool: AgentTool;
  /** Ends the REPL process (its whole group) and waits for it; idempotent. Call when the run ends. */
  close(): Promise<void>;
}

interface RunningRepl {
  process: ConfinedProcess;
  exited: Promise<void>;
  pending: Map<number, (answer: ReplAnswer | Error) => void>;
}

/**
 * The NodeRepl built-in tool `{ code }`: one persistent Node REPL per run, started on first use in the
 * same sandbox as Bash (roots, denyWrite, protected paths, network mode, scrubbed env). State persists
 * between calls; output is bounded to {@link COMMAND_OUTPUT_MAX_BYTES}; a call that passes
 * {@link NODE_REPL_CALL_TIMEOUT_SECONDS} ends the REPL (its state is lost, the next call starts afresh).
 * `close()` ends it with the run, leaving no process.
 */
export function createNodeReplSession(
  options: ConfinementOptions & { callTimeoutSeconds?: number },
): NodeReplSession {
  const callTimeoutSeconds = options.callTimeoutSeconds ?? NODE_REPL_CALL_TIMEOUT_SECONDS;
  let running: Promise<RunningRepl> | undefined;
  let nextId = 1;
  let closed = false;

  const start = async (): Promise<RunningRepl> => {
    const confined = await startConfinedProcess(
      options,
      [
        NODE_REPL_NODE,
        "--input-type=module",
        "-e",
        NODE_REPL_RUNNER_SOURCE,
        String(COMMAND_OUTPUT_MAX_BYTES),
      ],
      undefined,
    );
    const pending = new Map<number, (answer: ReplAnswer | Error) => void>();
    let buffer = "";
    let stderr = "";
    confined.child.stderr?.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString("utf8")).slice(-2_000);
    });
    confined.child.stdout?.on("data", (chunk: Buffer) => {
      buffer += chunk.toString("utf8");
      if (buffer.length > PROTOCOL_LINE_MAX_BYTES) {
        confined.killGroup();
        buffer = "";
        return;
      }
      for (let newline = buffer.indexOf("\n"); newline !== -1; newline = buffer.indexOf("\n")) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        try {
          const answer = JSON.parse(line) as ReplAnswer;
          pending.get(answer.id)?.(answer);
          pending.delete(answer.id);
        } catch {
          // Not a protocol line (code wrote to fd 1 directly): ignored.
        }
      }
    });
    const exited = new Promise<void>((resolveExit) => {
      confined.child.once("close", () => {
        for (const reject of pending.values())
          reject(
            new ToolError(
              "repl_failed",
              `the NodeRepl process ended${stderr ? `: ${stderr.trim()}` : ""}; its state is lost, the next call starts a new one`,
            ),
          );
        pending.clear();
        running = undefined;
        void confined.release();
        resolveExit();
      });
    });
    return { process: confined, exited, pending };
  };

  const evaluate = async (code: string, signal: AbortSignal | undefined): Promise<ReplAnswer> => {
    if (closed) throw new ToolError("repl_failed", "the run has ended; NodeRepl is closed");
    running ??= start();
    const repl = await running.catch((error: unknown) => {
      running = undefined;
      throw error;
    });
    const id = nextId++;
    return await new Promise<ReplAnswer>((resolveAnswer, reject) => {
      const timer = setTimeout(() => {
        repl.pending.delete(id);
        repl.process.killGroup();
        reject(
          new ToolError(
            "repl_failed",
            `the code ran longer than ${callTimeoutSeconds} s; the REPL was stopped and its state is lost`,
          ),
        );
      }, callTimeoutSeconds * 1000);
      const onAbort = () => {
        repl.process.killGroup();
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      repl.pending.set(id, (answer) => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        if (answer instanceof Error) reject(answer);
        else resolveAnswer(answer);
      });
      repl.process.child.stdin?.write(`${JSON.stringify({ id, code })}\n`);
    });
  };

  const tool: AgentTool<typeof parameters> = {
    name: "NodeRepl",
    label: "NodeRepl",
    description:
      "Evaluate JavaScript in a persistent Node.js REPL (one per run): variables, functions and imports stay for the next call, top-level await works. " +
      `It runs in the same sandbox as Bash (workspace and configured roots only, no host secrets). Output is kept to ${COMMAND_OUTPUT_MAX_BYTES / 1024} KiB; ` +
      `a call over ${callTimeoutSeconds} s stops the REPL and loses its state.`,
    parameters,
    async execute(_toolCallId, params, signal) {
      if (typeof params.code !== "string" || params.code.length > NODE_REPL_MAX_CODE_CHARACTERS)
        throw new ToolError(
          "invalid_tool_arguments",
          `NodeRepl needs code: a string of at most ${NODE_REPL_MAX_CODE_CHARACTERS} characters`,
        );
      const answer = await evaluate(params.code, signal);
      const parts = [answer.output.trimEnd(), answer.error ?? answer.result ?? ""].filter(
        (part) => part !== "",
      );
      const text = parts.join("\n") || "(no output)";
      if (answer.error !== undefined) throw new Error(text);
      return { content: [{ type: "text", text }], details: {} };
    },
  };

  return {
    tool: tool as unknown as AgentTool,
    async close() {
      closed = true;
      const current = await running?.catch(() => undefined);
      if (!current) return;
      current.process.killGroup();
      await current.exited;
    },
  };
}
