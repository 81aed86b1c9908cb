import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { diagnoseMonoAgentConfig } from "@mono-agent/config";
import type { CliIo } from "../cli-io.js";
import { DEFAULT_CONFIG_FILE } from "../default-config-file.js";
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, ExitError } from "../exit-error.js";
import { loadHostEnv } from "../host-env.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { builtinToolLines } from "./builtin-tools-lines.js";
import { configSection } from "./config-section.js";
import { filesSection } from "./files-section.js";
import { memorySection } from "./memory-section.js";
import { modelSection } from "./model-section.js";
import { renderReport } from "./render-report.js";
import { toolsSection } from "./tools-section.js";
import { buildReport, type CheckSection, type ValidateReport } from "./validate-report.js";

const USAGE = "mono-agent validate [--connect] [--config FILE] [--env-file FILE] [--json]";

export { DEFAULT_CONFIG_FILE };

/** Checks an agent folder and returns the report; the command prints it. */
export async function validateAgentFolder(options: {
  cwd: string;
  exportedEnv: Readonly<Record<string, string | undefined>>;
  configPath?: string;
  envFile?: string;
  /** Also connect each declared MCP server (`--connect`) and report its status and tools. */
  connect?: boolean;
}): Promise<ValidateReport> {
  const configPath = resolve(options.cwd, options.configPath ?? DEFAULT_CONFIG_FILE);
  if (!existsSync(configPath)) {
    throw new ExitError(
      `no config file at ${configPath}; run \`mono-agent init <dir>\` to create an agent folder, or pass --config FILE`,
      options.configPath ? EXIT_USAGE : EXIT_FAILURE,
    );
  }
  const env = loadHostEnv({
    exported: options.exportedEnv,
    cwd: options.cwd,
    agentDir: dirname(configPath),
    ...(options.envFile ? { envFile: options.envFile } : {}),
  });
  const { loaded, issues } = await diagnoseMonoAgentConfig({ configPath, cwd: options.cwd, env });
  const connect = options.connect === true;
  const files = { cwd: options.cwd, ...(options.envFile ? { envFile: options.envFile } : {}) };
  // Every section at once, in the report's order: the slow ones (the sandbox probe spawns bwrap, --connect
  // starts the servers, the stores open their files) overlap each other and the rest. Each section's code
  // is imported only when validate runs it.
  const checks: (() => CheckSection | Promise<CheckSection>)[] = [
    () => configSection(loaded, issues),
    () => modelSection(loaded, env),
    async () => toolsSection(loaded, issues, env, await builtinToolLines(loaded, env)),
    ...(connect
      ? [async () => (await import("./mcp-connect-section.js")).mcpConnectSection(loaded, env)]
      : []),
    async () => (await import("./interaction-section.js")).interactionSection(loaded),
    () => filesSection(loaded, files),
    async () => (await import("./sandbox-section.js")).sandboxSection(loaded, env),
    () => memorySection(loaded, env),
    async () => (await import("./storage-section.js")).storageSection(loaded, env, { connect }),
    async () => (await import("./runs-section.js")).runsSection(loaded),
    async () => (await import("./history-section.js")).historySection(loaded),
    async () => (await import("./continuations-section.js")).continuationsSection(loaded, env),
    async () => (await import("./web-console-section.js")).webConsoleSection(loaded, env),
    async () => (await import("./triggers-section.js")).triggersSection(loaded, env),
    async () => (await import("./slack-section.js")).slackSection(loaded, env, { connect }),
    async () => (await import("./telegram-section.js")).telegramSection(loaded, env, { connect }),
    async () => (await import("./collaborators-section.js")).collaboratorsSection(loaded, env, { connect }),
  ];
  const sections = await Promise.all(checks.map(async (check) => check()));
  return buildReport(sections, configPath);
}

export async function validateCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    argv,
    {
      config: { type: "string" },
      "env-file": { type: "string" },
      connect: { type: "boolean" },
      json: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
    USAGE,
  );
  if (values.help) {
    io.stdout.write(
      `usage: ${USAGE}\n\nChecks the agent folder: config, model, tool policy and MCP servers, the file tools' reach, the Bash\nsandbox, memory, runs, history, continuations, the web console and collaborators (A2A); it starts nothing, but checks that each\nstdio server's command is on PATH. --connect also connects each MCP server as a run would and lists the\ntools the model gets (as \`mono-agent mcp list\` does), and fetches each collaborator's agent card.\nExit 0 without errors, 1 with errors, 2 on usage errors. --json prints exactly one JSON object.\n`,
    );
    return EXIT_OK;
  }
  if (positionals.length > 0)
    throw new ExitError(`unexpected argument "${positionals[0]}"\nusage: ${USAGE}`, EXIT_USAGE);
  let report: ValidateReport;
  try {
    report = await validateAgentFolder({
      cwd: io.cwd,
      exportedEnv: io.env,
      ...(values.config ? { configPath: values.config } : {}),
      ...(values["env-file"] ? { envFile: values["env-file"] } : {}),
      ...(values.connect ? { connect: true } : {}),
    });
  } catch (error) {
    // --json promises exactly one JSON object on stdout, also when the folder cannot be checked at all
    // (an ExitError) or a check failed unexpectedly (code internal_error, the message without a stack).
    if (!values.json) throw error;
    const known = ExitError.isInstance(error);
    const message = known
      ? error.message
      : `unexpected error: ${error instanceof Error ? error.message : String(error)}`;
    const failure = known ? { message } : { code: "internal_error", message };
    io.stdout.write(`${JSON.stringify({ ok: false, sections: [], error: failure })}\n`);
    io.stderr.write(`mono-agent validate: ${message}\n`);
    return known ? error.exitCode : EXIT_FAILURE;
  }
  io.stdout.write(
    values.json ? `${JSON.stringify(report)}\n` : renderReport(report, { color: Boolean(io.stdout.isTTY) }),
  );
  return report.ok ? EXIT_OK : EXIT_FAILURE;
}
