/** How the text of a `MONO_AGENT_*` variable becomes a config value. */
export type EnvValueKind = "string" | "list" | "allowedTools" | "integer" | "boolean" | "integerOrNone";

/** One documented environment override: the variable, the dotted config key it sets, and its form. */
export interface EnvOverride {
  variable: string;
  key: string;
  kind: EnvValueKind;
}

/** Every `MONO_AGENT_*` variable the loader reads, in the order the docs list them. */
export const ENV_OVERRIDES: readonly EnvOverride[] = [
  { variable: "MONO_AGENT_WORKSPACE", key: "runtime.workspace", kind: "string" },
  { variable: "MONO_AGENT_MODEL", key: "runtime.model", kind: "string" },
  { variable: "MONO_AGENT_SESSION_ROLLOVER", key: "runtime.session.rollover", kind: "string" },
  { variable: "MONO_AGENT_ALLOWED_TOOLS", key: "tools.allowedTools", kind: "allowedTools" },
  { variable: "MONO_AGENT_DISALLOWED_TOOLS", key: "tools.disallowedTools", kind: "list" },
  { variable: "MONO_AGENT_MCP_CONFIG_PATH", key: "tools.mcpConfigPath", kind: "string" },
  { variable: "MONO_AGENT_MCP_REQUEST_CONTEXT_SERVERS", key: "tools.mcpRequestContextServers", kind: "list" },
  { variable: "MONO_AGENT_CONTINUATION_SERVERS", key: "tools.continuationServers", kind: "list" },
  { variable: "MONO_AGENT_MCP_CALL_TIMEOUT_MS", key: "tools.mcpCallTimeoutMs", kind: "integer" },
  {
    variable: "MONO_AGENT_MCP_CALL_MAX_TOTAL_TIMEOUT_MS",
    key: "tools.mcpCallMaxTotalTimeoutMs",
    kind: "integer",
  },
  {
    variable: "MONO_AGENT_FILE_TOOL_READABLE_ROOTS",
    key: "tools.filesystem.readableRoots",
    kind: "list",
  },
  {
    variable: "MONO_AGENT_FILE_TOOL_WRITABLE_ROOTS",
    key: "tools.filesystem.writableRoots",
    kind: "list",
  },
  { variable: "MONO_AGENT_MCP_STARTUP_GRACE_MS", key: "tools.mcpStartupGraceMs", kind: "integer" },
  { variable: "MONO_AGENT_ARTIFACT_DIR", key: "artifacts.dir", kind: "string" },
  {
    variable: "MONO_AGENT_ARTIFACT_RETENTION_MAX_AGE_DAYS",
    key: "artifacts.retention.maxAgeDays",
    kind: "integer",
  },
  {
    variable: "MONO_AGENT_ARTIFACT_RETENTION_MAX_COUNT",
    key: "artifacts.retention.maxCount",
    kind: "integer",
  },
  { variable: "MONO_AGENT_ARTIFACT_RETENTION_DRY_RUN", key: "artifacts.retention.dryRun", kind: "boolean" },
  { variable: "MONO_AGENT_MEMORY_PATH", key: "memory.path", kind: "string" },
  { variable: "MONO_AGENT_MEMORY_BACKEND", key: "memory.backend", kind: "string" },
  { variable: "MONO_AGENT_MEMORY_MODE", key: "memory.mode", kind: "string" },
  { variable: "MONO_AGENT_MEMORY_WRITE_MODE", key: "memory.writeMode", kind: "string" },
  { variable: "MONO_AGENT_MEMORY_EMBEDDINGS_PROVIDER", key: "memory.embeddings.provider", kind: "string" },
  { variable: "MONO_AGENT_MEMORY_EMBEDDINGS_MODEL", key: "memory.embeddings.model", kind: "string" },
  { variable: "MONO_AGENT_MEMORY_EMBEDDINGS_DIM", key: "memory.embeddings.dim", kind: "integer" },
  { variable: "MONO_AGENT_MEMORY_EMBEDDINGS_ENDPOINT", key: "memory.embeddings.endpoint", kind: "string" },
  {
    variable: "MONO_AGENT_MEMORY_EMBEDDINGS_TIMEOUT_MS",
    key: "memory.embeddings.timeoutMs",
    kind: "integer",
  },
  { variable: "MONO_AGENT_MEMORY_LLM_PROVIDER", key: "memory.llm.provider", kind: "string" },
  { variable: "MONO_AGENT_MEMORY_LLM_MODEL", key: "memory.llm.model", kind: "string" },
  { variable: "MONO_AGENT_MEMORY_LLM_ENDPOINT", key: "memory.llm.endpoint", kind: "string" },
  { variable: "MONO_AGENT_MEMORY_LLM_TIMEOUT_MS", key: "memory.llm.timeoutMs", kind: "integer" },
  {
    variable: "MONO_AGENT_MEMORY_CONSOLIDATION_ENABLED",
    key: "memory.consolidation.enabled",
    kind: "boolean",
  },
  { variable: "MONO_AGENT_MEMORY_CONSOLIDATION_CRON", key: "memory.consolidation.cron", kind: "string" },
  { variable: "MONO_AGENT_MEMORY_MAX_BYTES", key: "memory.maxBytes", kind: "integer" },
  { variable: "MONO_AGENT_MEMORY_RECALL_TOOL_ENABLED", key: "memory.recallTool.enabled", kind: "boolean" },
  {
    variable: "MONO_AGENT_MEMORY_REMEMBER_TOOL_ENABLED",
    key: "memory.rememberTool.enabled",
    kind: "boolean",
  },
  { variable: "MONO_AGENT_PROGRESS_ENABLED", key: "interaction.progress.enabled", kind: "boolean" },
  { variable: "MONO_AGENT_INTERACTION_BRIDGE_HOST", key: "interaction.bridge.host", kind: "string" },
  { variable: "MONO_AGENT_INTERACTION_BRIDGE_PORT", key: "interaction.bridge.port", kind: "integer" },
  { variable: "MONO_AGENT_ASK_USER_TIMEOUT_MS", key: "interaction.askUser.timeoutMs", kind: "integerOrNone" },
  { variable: "MONO_AGENT_SANDBOX_MODE", key: "sandbox.mode", kind: "string" },
  { variable: "MONO_AGENT_SANDBOX_NETWORK_MODE", key: "sandbox.network.mode", kind: "string" },
  { variable: "MONO_AGENT_SANDBOX_NETWORK_ALLOWLIST", key: "sandbox.network.allowlist", kind: "list" },
  { variable: "MONO_AGENT_SANDBOX_READABLE_ROOTS", key: "sandbox.readableRoots", kind: "list" },
  { variable: "MONO_AGENT_SANDBOX_WRITABLE_ROOTS", key: "sandbox.writableRoots", kind: "list" },
  { variable: "MONO_AGENT_SANDBOX_DENY_WRITE", key: "sandbox.denyWrite", kind: "list" },
];

/** Variables of earlier versions that now fail the load, so a stale setting is never silently ignored. */
export const RETIRED_ENV_VARIABLES: readonly string[] = [
  "MONO_AGENT_EXECUTION_MODE",
  "MONO_AGENT_FALLBACK_MODELS",
  "MONO_AGENT_ROUTE_SAFETY",
  "MONO_AGENT_MEMORY_LLM_EXECUTION_MODE",
];

/** The accepted form of each kind, as shown in error messages. */
export const ENV_VALUE_FORMS: Record<EnvValueKind, string> = {
  string: "a non-empty string",
  list: "a comma-separated list such as a,b",
  allowedTools: 'a comma-separated list of tool names, "*" for all tools, or the empty string for no tools',
  integer: "a whole number in decimal digits, e.g. 120000",
  boolean: 'one of "true", "false", "1", "0"',
  integerOrNone: 'a whole number in decimal digits, e.g. 600000, or "none" for no limit',
};

/** Splits a comma-separated list: items trimmed, empty items dropped. */
export function splitEnvList(text: string): string[] {
  return text
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

/** The config value for `text`, or undefined when the text is not of the accepted form. */
export function parseEnvValue(kind: EnvValueKind, text: string): unknown {
  switch (kind) {
    case "string":
      return text.trim() === "" ? undefined : text;
    case "list":
      return splitEnvList(text);
    case "allowedTools":
      return text.trim() === "*" ? ["*"] : splitEnvList(text);
    case "integer":
      return /^\s*\d+\s*$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : undefined;
    case "integerOrNone":
      if (text.trim().toLowerCase() === "none") return null;
      return /^\s*\d+\s*$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : undefined;
    case "boolean": {
      const normalized = text.trim().toLowerCase();
      if (normalized === "true" || normalized === "1") return true;
      if (normalized === "false" || normalized === "0") return false;
      return undefined;
    }
  }
}

/** True when the variable counts as set: for MONO_AGENT_ALLOWED_TOOLS any value (even ""), otherwise a non-empty one. */
export function isEnvOverrideSet(override: EnvOverride, value: string | undefined): value is string {
  if (value === undefined) return false;
  return override.kind === "allowedTools" || value !== "";
}
