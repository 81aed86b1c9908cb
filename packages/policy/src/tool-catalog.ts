/**
 * How a tool reaches the model:
 * - `builtin`: a runtime tool (Read, Bash, ...), gated by the allow/deny policy;
 * - `app-owned`: a request-scoped MCP tool the host serves itself, gated by the policy;
 * - `adapter`: a Slack/Telegram send or AskUser tool the host serves, gated by the policy;
 * - `switch`: an app-injected tool governed only by its own enablement/composition switch.
 */
export type ToolKind = "builtin" | "app-owned" | "adapter" | "switch";

/** One tool the policy knows. Only `name` is ever registered with the runtime or shown to the model. */
export interface ToolCatalogEntry {
  /** Canonical PascalCase name. */
  readonly name: string;
  readonly kind: ToolKind;
  /** Whether `tools.allowedTools` / `tools.disallowedTools` decide it. */
  readonly gated: boolean;
  /** The request-scoped MCP server that serves it, when the host serves it over MCP. */
  readonly serverName?: string;
  /** Legacy policy spellings; all are deprecated in favour of `name`. */
  readonly aliases: readonly string[];
}

/** MCP server of RunHistory. */
export const RUN_HISTORY_SERVER_NAME = "mono-agent-run-history";
/** MCP server of SessionHistory. */
export const SESSION_HISTORY_SERVER_NAME = "mono-agent-session-history";
/** MCP server of MemoryRecall. */
export const MEMORY_RECALL_SERVER_NAME = "mono-agent-memory";
/** MCP server of MemoryJournal. */
export const MEMORY_JOURNAL_SERVER_NAME = "mono-agent-memory-journal";
/** MCP server of Remember. */
export const MEMORY_WRITE_SERVER_NAME = "mono-agent-memory-write";
/** MCP server of SetConversationTitle. */
export const CONVERSATION_SERVER_NAME = "mono-agent-conversation";
/** Server name of McpResources: the run's MCP resources (list, read, templates) as one app-owned tool. */
export const MCP_RESOURCES_SERVER_NAME = "mono-agent-mcp-resources";
/** MCP server of the adapter send tools and AskUser. */
export const ADAPTER_SEND_SERVER_NAME = "mono-agent-adapter-send";

const BUILTIN_NAMES = [
  "Read",
  "Write",
  "Edit",
  "Glob",
  "Grep",
  "Exec",
  "Bash",
  "NodeRepl",
  "WebFetch",
  "WebSearch",
];

/** Legacy snake_case spellings of built-in tools that other hosts and v0 configs used. */
const BUILTIN_ALIASES: Readonly<Record<string, readonly string[]>> = {
  NodeRepl: ["node_repl"],
  WebFetch: ["web_fetch"],
  WebSearch: ["web_search"],
};

function builtin(name: string, aliases: readonly string[] = []): ToolCatalogEntry {
  return { name, kind: "builtin", gated: true, aliases };
}

function served(
  kind: ToolKind,
  name: string,
  serverName: string,
  aliases: readonly string[] = [],
): ToolCatalogEntry {
  return { name, kind, gated: kind !== "switch", serverName, aliases };
}

/** Every tool the policy knows, in the order `validate` lists them. */
export const TOOL_CATALOG: readonly ToolCatalogEntry[] = Object.freeze([
  ...BUILTIN_NAMES.map((name) => builtin(name, BUILTIN_ALIASES[name])),
  builtin("ReadSkill", ["read_skill"]),
  served("app-owned", "RunHistory", RUN_HISTORY_SERVER_NAME, ["run_history"]),
  served("app-owned", "SessionHistory", SESSION_HISTORY_SERVER_NAME, ["session_history"]),
  served("app-owned", "MemoryJournal", MEMORY_JOURNAL_SERVER_NAME),
  served("app-owned", "Remember", MEMORY_WRITE_SERVER_NAME),
  served("app-owned", "SetConversationTitle", CONVERSATION_SERVER_NAME),
  served("app-owned", "McpResources", MCP_RESOURCES_SERVER_NAME),
  served("adapter", "SlackSendMessage", ADAPTER_SEND_SERVER_NAME, ["slack_send_message"]),
  served("adapter", "TelegramSendMessage", ADAPTER_SEND_SERVER_NAME, ["telegram_send_message"]),
  served("adapter", "TelegramSendFile", ADAPTER_SEND_SERVER_NAME, [
    "telegram_send_document",
    "telegram_send_photo",
  ]),
  served("adapter", "AskUser", ADAPTER_SEND_SERVER_NAME, ["ask_user"]),
  served("switch", "MemoryRecall", MEMORY_RECALL_SERVER_NAME, ["memory_recall"]),
  { name: "AskCollaborator", kind: "switch", gated: false, aliases: [] },
]);

/** The catalog entry with this canonical name (exact, case-sensitive), if any. */
export function findCatalogEntry(name: string): ToolCatalogEntry | undefined {
  return TOOL_CATALOG.find((entry) => entry.name === name);
}

/** Every MCP server name the host serves itself; `mcp__` names of other servers are external. */
export const APP_OWNED_SERVER_NAMES: readonly string[] = Object.freeze([
  ...new Set(TOOL_CATALOG.flatMap((entry) => (entry.serverName === undefined ? [] : [entry.serverName]))),
]);
