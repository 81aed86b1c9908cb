import type { RunServerSpec } from "@mono-agent/mcp-bridge";

/** What an app-owned tool provider learns about the run it serves. */
export interface AppToolRunContext {
  runId: string;
  conversationId: string;
  signal: AbortSignal;
  /** The person whose message started the run (`RunRequest.startedBy`); absent when no person did. */
  startedBy?: { channel: string; userId?: string; displayName?: string };
  /** The web console's thread context, on `web:<threadId>` requests only. */
  web?: import("./conversation-title-context.js").WebRunContext;
}

/** The servers one provider adds to a run, and how to take them down when the run settles. */
export interface AppToolServers {
  servers: RunServerSpec[];
  warnings?: { kind: string; message: string }[];
  cleanup(): Promise<void>;
}

/**
 * The slot for app-owned tools (RunHistory, SessionHistory, memory tools, SetConversationTitle): each
 * provider serves its tools as request-scoped MCP servers that the run connects like any other server.
 * A provider that cannot serve this run returns no servers and a warning; the run goes on.
 */
export type AppToolProvider = (run: AppToolRunContext) => Promise<AppToolServers>;
