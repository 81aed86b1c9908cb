import { dirname, resolve } from "node:path";
import { terminalSafeJson } from "@mono-agent/evidence";
import { assertConversationId } from "../../conversations/conversation-id.js";
import type { CliIo } from "../cli-io.js";
import { DEFAULT_CONFIG_FILE } from "../default-config-file.js";
import { EXIT_CANCELLED, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, ExitError, usageError } from "../exit-error.js";
import { loadHostEnv } from "../host-env.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { startFailureMessage } from "../start-failure-message.js";
import { attachmentFiles } from "./attachment-files.js";
import { readPrompt } from "./read-prompt.js";
import { createRunRenderer } from "./render-run-event.js";

const USAGE =
  "mono-agent run [PROMPT] [--conversation ID] [--model PROVIDER:MODEL] [--attach FILE]... [--login] [--prompt SERVER:NAME [--arg K=V]...] [--json] [--config FILE] [--env-file FILE]";

const HELP = `usage: ${USAGE}

Runs the agent once: one Pi session with the MCP servers of the agent folder attached.
The prompt is the argument, or standard input when no argument is given.

  --conversation ID   conversation to continue, <channel>:<id> (default cli:default)
  --model REF         model for this run, e.g. demo:demo, openai:gpt-4o-mini, ollama:llama3.2
  --attach FILE       stage FILE for the request-context servers of this run (repeatable)
  --login             log in to an MCP server that asks for it during the run (opens a browser,
                      BROWSER names the command); without it such a server is skipped with a warning
  --prompt S:NAME     start the run with the prompt NAME of the MCP server S (see mcp list);
                      the PROMPT argument, if any, is added after it
  --arg K=V           an argument of that prompt (repeatable)
  --json              print the run's events as JSON lines instead of text
  --config FILE       the agent's config (default ./${DEFAULT_CONFIG_FILE})
  --env-file FILE     fill unset variables from a dotenv file (default: .env in the agent folder)

Exit codes: 0 succeeded, 1 failed, 2 usage error, 130 cancelled (Ctrl-C).
`;

export async function runCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    argv,
    {
      conversation: { type: "string" },
      model: { type: "string" },
      json: { type: "boolean" },
      login: { type: "boolean" },
      prompt: { type: "string" },
      arg: { type: "string", multiple: true },
      attach: { type: "string", multiple: true },
      config: { type: "string" },
      "env-file": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    USAGE,
  );
  if (values.help) {
    io.stdout.write(HELP);
    return EXIT_OK;
  }
  if (values.conversation !== undefined)
    try {
      assertConversationId(values.conversation);
    } catch (error) {
      throw usageError(error instanceof Error ? error.message : String(error), USAGE);
    }
  const mcpPrompt = values.prompt === undefined ? undefined : parseMcpPrompt(values.prompt, values.arg ?? []);
  if (mcpPrompt === undefined && values.arg !== undefined)
    throw usageError("--arg needs --prompt SERVER:NAME", USAGE);
  // With --prompt the run's text is the prompt itself (and the PROMPT argument); stdin is not read.
  const input = mcpPrompt ? positionals.join(" ").trim() : await readPrompt(positionals, io.stdin);
  if (!input && !mcpPrompt)
    throw new ExitError(
      `no prompt: pass it as an argument or on standard input\nusage: ${USAGE}`,
      EXIT_USAGE,
    );
  const configPath = resolve(io.cwd, values.config ?? DEFAULT_CONFIG_FILE);
  const env = loadHostEnv({
    exported: io.env,
    cwd: io.cwd,
    agentDir: dirname(configPath),
    ...(values["env-file"] ? { envFile: values["env-file"] } : {}),
  });
  const { startMonoAgentApp } = await import("../../app/start-mono-agent-app.js");
  const app = await startMonoAgentApp({
    configPath,
    env,
    cwd: io.cwd,
    // The servers boot while the stores open and the model stack loads; the run takes them over.
    prelaunchStdioServers: true,
    ...(values["env-file"] ? { envFile: values["env-file"] } : {}),
  }).catch((error: unknown) => {
    throw new ExitError(
      `${startFailureMessage(error)}\nrun \`mono-agent validate\` for every problem at once`,
      EXIT_FAILURE,
    );
  });
  // Asks of cli: conversations are answered at this terminal, when there is one (stdin a TTY). Imported
  // here, not at the top: the app has loaded it by now, and the stdio servers started before it did.
  const { createTerminalAskChannel } = await import("@mono-agent/interaction/node");
  app.interaction.addChannel(
    createTerminalAskChannel({
      input: io.stdin,
      output: io.stderr,
      answer: (askId, answer, answeredBy) => void app.interaction.broker.answer(askId, answer, answeredBy),
      cancel: (askId) => void app.interaction.broker.cancel(askId, "channel_failed"),
    }),
  );
  const controller = new AbortController();
  let interrupts = 0;
  const onSigint = () => {
    interrupts += 1;
    if (interrupts === 1) controller.abort(new Error("interrupted (SIGINT)"));
    else process.exit(EXIT_CANCELLED);
  };
  process.on("SIGINT", onSigint);
  const onOutputClosed = () => controller.abort(new Error("stdout was closed (its reader went away)"));
  if (io.outputClosed?.aborted) onOutputClosed();
  else io.outputClosed?.addEventListener("abort", onOutputClosed, { once: true });
  const render = values.json
    ? (event: unknown) => io.stdout.write(`${terminalSafeJson(event)}\n`)
    : createRunRenderer({ stdout: io.stdout, stderr: io.stderr, color: Boolean(io.stdout.isTTY) });
  const login = values.login
    ? await (await import("@mono-agent/mcp-bridge/node")).startBrowserLogin({
        port: 0,
        env,
        write: (text) => io.stderr.write(text),
      })
    : undefined;
  try {
    const result = await app.run({
      ...(login ? { mcpLogin: login } : {}),
      ...(mcpPrompt ? { mcpPrompt } : {}),
      input,
      // The person at this terminal asked: its asks and approvals are theirs.
      startedBy: { channel: "cli" },
      signal: controller.signal,
      onEvent: render,
      ...(values.conversation ? { conversationId: values.conversation } : {}),
      ...(values.model ? { model: values.model } : {}),
      ...(values.attach ? { attachments: attachmentFiles(io.cwd, values.attach) } : {}),
    });
    return result.status === "succeeded"
      ? EXIT_OK
      : result.status === "cancelled"
        ? EXIT_CANCELLED
        : EXIT_FAILURE;
  } finally {
    process.off("SIGINT", onSigint);
    io.outputClosed?.removeEventListener("abort", onOutputClosed);
    await login?.close();
    await app.close();
  }
}

/** `server:name` and `K=V` arguments of `--prompt`, or a usage error naming the accepted form. */
function parseMcpPrompt(reference: string, args: readonly string[]) {
  const match = /^([A-Za-z0-9][A-Za-z0-9_-]*):(.+)$/.exec(reference);
  if (!match)
    throw usageError(
      `--prompt takes SERVER:NAME (e.g. everything:simple-prompt); received "${reference}"`,
      USAGE,
    );
  const parsed: Record<string, string> = {};
  for (const arg of args) {
    const equals = arg.indexOf("=");
    if (equals <= 0) throw usageError(`--arg takes K=V; received "${arg}"`, USAGE);
    parsed[arg.slice(0, equals)] = arg.slice(equals + 1);
  }
  return { server: match[1] as string, name: match[2] as string, arguments: parsed };
}
