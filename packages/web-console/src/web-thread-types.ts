/** Who started a thread: a person in the console, or a trigger (schedule, webhook, continuation). */
export type WebThreadOrigin = "interactive" | "trigger";

/** Where the shown title comes from: the agent's proposal, a browser rename, or the first user message. */
export type WebTitleSource = "agent" | "manual" | "first-message" | "none";

/** A thread as the list and the thread view show it. */
export interface WebThread {
  threadId: string;
  /** `web:<threadId>`: the conversation its runs continue. */
  conversationId: string;
  /** The title to show: the set title, else the first user message, else "New thread". */
  title: string;
  titleSource: WebTitleSource;
  /** Set forever by a browser rename: agent proposals never land afterwards. */
  titleLocked: boolean;
  origin: WebThreadOrigin;
  archived: boolean;
  createdAtMs: number;
  updatedAtMs: number;
  /** Grows with every change the browser must refetch. */
  version: number;
}

/** How a tool call of a turn stands. */
export type WebToolCallStatus = "running" | "ok" | "error" | "interrupted";

/** One tool call in a turn's Activity disclosure. */
export interface WebToolCall {
  toolCallId: string;
  name: string;
  arguments: unknown;
  status: WebToolCallStatus;
  resultPreview: string | null;
  /** The latest progress message the tool reported, if any. */
  progress: string | null;
  /** What the console made of the call (e.g. whether a title proposal landed). */
  note: string | null;
  durationMs: number | null;
}

/** How a turn stands: `interrupted` when the server stopped while it ran. */
export type WebTurnStatus = "running" | "succeeded" | "failed" | "cancelled" | "interrupted";

/** One turn: the person's message, the assistant's answer and its activity. */
export interface WebTurn {
  turnId: string;
  sequence: number;
  runId: string | null;
  model: string | null;
  userText: string;
  /** The files sent with the message (names and sizes). */
  attachments: { name: string; bytes: number }[];
  assistantText: string;
  status: WebTurnStatus;
  error: string | null;
  startedAtMs: number;
  finishedAtMs: number | null;
  toolCalls: WebToolCall[];
}

/** What became of an agent title proposal (the conditional update's verdict). */
export type TitleProposalOutcome = "applied" | "locked" | "archived" | "not-interactive" | "unknown-thread";
