import { type CliIo, processIo } from "./cli-io.js";
import { EXIT_FAILURE, EXIT_USAGE, ExitError } from "./exit-error.js";

/** A CLI command: parses its own arguments, prints its own output, returns the exit code. */
export type CommandRun = (argv: readonly string[], io: CliIo) => Promise<number>;

interface CommandEntry {
  readonly summary: string;
  /** Imported lazily, so `validate` never loads the model stack. */
  readonly load: () => Promise<CommandRun>;
  /** Starts slow work the command will ask for, while its code loads; never fails. */
  readonly warm?: (io: CliIo) => void;
}

const COMMANDS: Record<string, CommandEntry> = {
  validate: {
    summary:
      "check an agent folder: config, model, tool policy and MCP servers, memory, runs, history, continuations, web console",
    load: async () => (await import("./validate/validate-command.js")).validateCommand,
    // The Sandbox section's engine probe spawns bwrap and waits tens of ms for it. Started here, it runs
    // while the config schema loads, and its answer (kept per PATH for the process) is ready when asked.
    warm: (io) => {
      const path = io.env["PATH"];
      import("@mono-agent/sandbox/check")
        .then(({ probeSandboxEngine }) => probeSandboxEngine(path !== undefined ? { searchPath: path } : {}))
        .catch(() => {});
    },
  },
  run: {
    summary: "run the agent once: prompt as argument or stdin (--conversation, --model, --json)",
    load: async () => (await import("./run/run-command.js")).runCommand,
  },
  mcp: {
    summary:
      "MCP servers: `mcp list` / `mcp get <name>` connect them and show status, login, tools and prompts; `mcp import` reads other hosts' files; `mcp login|logout <server>` (OAuth)",
    load: async () => (await import("./mcp/mcp-command.js")).mcpCommand,
  },
  memory: {
    summary: "curated memory: stats, today, show <date>, search <q>, rebuild, forget prepare|apply|restore",
    load: async () => (await import("./memory/memory-command.js")).memoryCommand,
  },
  init: {
    summary:
      "create an agent folder (config, mcp.json with the example server, instructions) that validates and runs",
    load: async () => (await import("./init/init-command.js")).initCommand,
  },
  runs: {
    summary:
      "recorded runs: `runs list` (--conversation, --status, --limit) and `runs show <runId>` (--events)",
    load: async () => (await import("./runs/runs-command.js")).runsCommand,
  },
  conversations: {
    summary:
      "stored conversations: `conversations list` (--limit) and `conversations reset <conversationId>` (start it fresh)",
    load: async () => (await import("./conversations/conversations-command.js")).conversationsCommand,
  },
  approvals: {
    summary:
      "tool approvals people gave or refused (tools.approval): `approvals list` (--limit) and `approvals revoke <approvalId>`",
    load: async () => (await import("./approvals/approvals-command.js")).approvalsCommand,
  },
  skills: {
    summary:
      "Agent Skills the model can read with ReadSkill: `skills list` (names, descriptions, skipped folders)",
    load: async () => (await import("./skills/skills-command.js")).skillsCommand,
  },
  storage: {
    summary:
      "where the shared stores live: `storage status` and `storage migrate` (PostgreSQL, storage.postgres)",
    load: async () => (await import("./storage/storage-command.js")).storageCommand,
  },
  continuations: {
    summary:
      "durable continuations: health, list, retry <id>, cancel <id>, resolve <id> delivered <deliveryId>|not-delivered|dead-lettered",
    load: async () => (await import("./continuations/continuations-command.js")).continuationsCommand,
  },
  triggers: {
    summary:
      "schedules and webhooks: `triggers list` (next fire times, webhook URLs, problems) and `triggers run <name>` (run one now)",
    load: async () => (await import("./triggers/triggers-command.js")).triggersCommand,
  },
  serve: {
    summary:
      "serve the web console (threads with streamed answers and tool activity) and run the triggers (--port, --host)",
    load: async () => (await import("./serve/serve-command.js")).serveCommand,
  },
  "mcp-example": {
    summary:
      "serve the example stdio MCP server (current_time, calculate, text_stats) used by the quickstart",
    load: async () => (await import("./mcp-example-command.js")).mcpExampleCommand,
  },
};

function helpText(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  const lines = Object.entries(COMMANDS).map(([name, entry]) => `  ${name.padEnd(width)}  ${entry.summary}`);
  return [
    "mono-agent: host an agent on the Pi agent SDK with MCP servers attached under a clear tool policy.",
    "",
    "usage: mono-agent <command> [options]",
    "",
    "commands:",
    ...lines,
    "",
    "Run `mono-agent <command> --help` for the options of one command.",
    "",
  ].join("\n");
}

/** Entry point of the `mono-agent` CLI. Maps every error to a message and an exit code; never throws. */
export async function main(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  const [commandName, ...rest] = argv;
  if (
    commandName === undefined ||
    commandName === "--help" ||
    commandName === "-h" ||
    commandName === "help"
  ) {
    io.stdout.write(helpText());
    return commandName === undefined ? EXIT_USAGE : 0;
  }
  if (commandName === "--version" || commandName === "-v") {
    const { readPackageVersion } = await import("./package-version.js");
    io.stdout.write(`${readPackageVersion()}\n`);
    return 0;
  }
  const command = COMMANDS[commandName];
  if (!command) {
    io.stderr.write(`mono-agent: unknown command "${commandName}"\n\n${helpText()}`);
    return EXIT_USAGE;
  }
  if (!rest.includes("--help") && !rest.includes("-h")) command.warm?.(io);
  try {
    const run = await command.load();
    return await run(rest, io);
  } catch (error) {
    if (ExitError.isInstance(error)) {
      io.stderr.write(`mono-agent ${commandName}: ${error.message}\n`);
      return error.exitCode;
    }
    // No stack trace reaches a user; MONO_AGENT_DEBUG=1 prints it for a bug report.
    const debug = io.env["MONO_AGENT_DEBUG"] === "1";
    const message = error instanceof Error ? (debug && error.stack) || error.message : String(error);
    io.stderr.write(
      `mono-agent ${commandName}: unexpected error: ${message}\n` +
        (debug ? "" : "please report it; set MONO_AGENT_DEBUG=1 to include the stack trace\n"),
    );
    return EXIT_FAILURE;
  }
}

export { EXIT_USAGE };
