import { CONVERSATION_SERVER_NAME, evaluateTool, type ToolPolicy } from "@mono-agent/policy";
import { CONVERSATION_TITLE_TOOL_NAME } from "@mono-agent/web-console";
import type { AppToolProvider, AppToolRunContext } from "./app-tool-provider.js";
import { createConversationTitleServer } from "./conversation-title-server.js";
import { requestScopedToolProvider } from "./request-scoped-tool-provider.js";

/**
 * Whether a run may be offered SetConversationTitle: an ordinary interactive `web:<threadId>` request
 * whose title the web service still considers writable, and a tool policy that offers the tool
 * (allow-all, or a list naming `SetConversationTitle` or an `mcp__mono-agent-conversation__` spelling).
 * Trigger-created and archived threads arrive with `titleWritable: false` or origin `trigger`.
 */
export function isConversationTitleOffered(policy: ToolPolicy, run: AppToolRunContext): boolean {
  const web = run.web;
  if (web === undefined || web.origin !== "interactive" || !web.titleWritable) return false;
  if (run.conversationId !== `web:${web.threadId}`) return false;
  return (
    evaluateTool(policy, CONVERSATION_TITLE_TOOL_NAME, { conversation: { titleWritable: true } }).decision ===
    "offered"
  );
}

/**
 * The SetConversationTitle provider: a request-scoped `mono-agent-conversation` server for each run that
 * {@link isConversationTitleOffered} admits; each valid proposal goes to the run's `web.onTitleProposal`.
 */
export function conversationTitleProvider(policy: ToolPolicy): AppToolProvider {
  return requestScopedToolProvider({
    serverName: CONVERSATION_SERVER_NAME,
    isOffered: (run) => isConversationTitleOffered(policy, run),
    createServer: (run) =>
      createConversationTitleServer({ onProposal: (title) => run.web?.onTitleProposal?.(title) }),
  });
}
