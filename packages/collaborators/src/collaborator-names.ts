/** The app-owned MCP server AskCollaborator is served under. */
export const COLLABORATORS_SERVER_NAME = "mono-agent-collaborators";

/** The tool's name. */
export const ASK_COLLABORATOR_TOOL_NAME = "AskCollaborator";

/** The `source` of runs started by an A2A call (RunHistory, `mono-agent runs`). */
export const A2A_RUN_SOURCE = "a2a";

/** Conversations of A2A calls are `a2a:<contextId>`: one per A2A context, so a multi-turn exchange continues. */
export const A2A_CONVERSATION_PREFIX = "a2a:";
