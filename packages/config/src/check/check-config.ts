import { statSync } from "node:fs";
import type { CheckLine } from "../check-line.js";
import type { LoadedConfig } from "../loaded-config.js";
import type { ConfigIssue } from "../mono-agent-config-error.js";
import { readBoundedFileSync } from "../read-bounded-file.js";

/** Issue codes that belong to the host's Tools & MCP findings rather than the Config ones. */
const MCP_ISSUE_CODES = new Set([
  "mcp_config_missing",
  "mcp_config_invalid",
  "mcp_config_unreadable",
  "duplicate_server",
  "invalid_server_name",
  "literal_credential",
]);

/** Whether a config issue is about mcp.json or a declared MCP server (validate shows it under Tools & MCP). */
export function isMcpConfigIssue(issue: ConfigIssue): boolean {
  return MCP_ISSUE_CODES.has(issue.code) || (issue.jsonPath ?? "").startsWith("mcpServers");
}

/** One config issue as a finding: its message with what is accepted, its code, file, path and fix. */
export function configIssueLine(issue: ConfigIssue): CheckLine {
  const expected = issue.expected ? ` Accepted: ${issue.expected}.` : "";
  return {
    status: issue.severity === "error" ? "error" : "warning",
    message: `${issue.message}${expected && !issue.message.includes(issue.expected ?? "") ? expected : ""}`,
    code: issue.code,
    ...(issue.file ? { file: issue.file } : {}),
    ...(issue.jsonPath ? { jsonPath: issue.jsonPath } : {}),
    ...(issue.suggestion ? { suggestion: issue.suggestion } : {}),
  };
}

/** The workspace line: ok when it is a folder; an error when every run would fail with `workspace_unavailable`. */
function workspaceLine(loaded: LoadedConfig): CheckLine {
  let problem: string | undefined;
  try {
    if (!statSync(loaded.workspaceDir).isDirectory()) problem = "is a file, not a folder";
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    problem = code === "ENOENT" ? "does not exist" : `cannot be read (${(error as Error).message})`;
  }
  if (problem === undefined) return { status: "ok", message: `Workspace: ${loaded.workspaceDir}` };
  const fromEnv = loaded.sources["runtime.workspace"] === "env";
  return {
    status: "error",
    code: "workspace_unavailable",
    jsonPath: "runtime.workspace",
    message: `Workspace ${loaded.workspaceDir} ${problem}; every run fails until it is a folder`,
    suggestion: `create the folder, or set ${fromEnv ? "MONO_AGENT_WORKSPACE" : "runtime.workspace"} to an existing folder (relative to the agent folder)`,
  };
}

/** The artifacts line: an error when `artifacts.dir` exists but is not a folder (every run's store fails). */
function artifactsLine(loaded: LoadedConfig): CheckLine {
  let kind: string | undefined;
  try {
    if (!statSync(loaded.artifactsDir).isDirectory()) kind = "is a file, not a folder";
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOENT") kind = code === "ENOTDIR" ? "is below a file" : `cannot be read (${code})`;
  }
  if (kind === undefined) return { status: "ok", message: `Artifacts: ${loaded.artifactsDir}` };
  return {
    status: "error",
    code: "artifacts_dir_invalid",
    jsonPath: "artifacts.dir",
    message: `artifacts.dir ${loaded.artifactsDir} ${kind}; every run fails to open its run store until it is a folder`,
    suggestion: "set artifacts.dir to a folder (it is created when missing)",
  };
}

/** The instructions line, only when the file exists and a run would refuse it (a device, a FIFO, too large). */
function instructionsLines(loaded: LoadedConfig, maxInstructionsBytes: number): CheckLine[] {
  const read = readBoundedFileSync(loaded.instructionsPath, maxInstructionsBytes);
  if (read.status !== "refused") return [];
  return [
    {
      status: "error",
      code: "instructions_unreadable",
      jsonPath: "runtime.instructions",
      message: `runtime.instructions ${loaded.instructionsPath} is ${read.problem}; every run fails until it is a regular text file of at most ${maxInstructionsBytes} bytes`,
    },
  ];
}

/**
 * The config findings: where the config came from, the resolved folders (workspace, artifacts, and the
 * instructions file when a run would refuse it: the host passes the most bytes it reads), every config
 * issue not about MCP, and the settings taken from the environment.
 */
export function checkConfig(
  loaded: LoadedConfig | undefined,
  issues: readonly ConfigIssue[],
  options: { maxInstructionsBytes: number },
): CheckLine[] {
  const lines: CheckLine[] = issues.filter((issue) => !isMcpConfigIssue(issue)).map(configIssueLine);
  if (loaded) {
    lines.unshift(
      { status: "ok", message: `Config file: ${loaded.configPath ?? "(inline config)"}` },
      workspaceLine(loaded),
      artifactsLine(loaded),
      ...instructionsLines(loaded, options.maxInstructionsBytes),
    );
    const fromEnv = Object.entries(loaded.sources)
      .filter(([, source]) => source === "env")
      .map(([key]) => key);
    if (fromEnv.length > 0)
      lines.push({ status: "ok", message: `Set from the environment: ${fromEnv.join(", ")}` });
  }
  return lines;
}
