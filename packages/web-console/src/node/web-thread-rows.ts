import type { WebThread, WebThreadOrigin, WebTitleSource } from "../web-thread-types.js";
import type { webThreads } from "./web-thread-schema.js";

/** Title shown for a thread that has neither a title nor a first message yet. */
export const UNTITLED_THREAD_TITLE = "New thread";

/** Longest fallback title taken from the first user message, in characters (the tool's own cap). */
export const FALLBACK_TITLE_MAX_CHARACTERS = 80;

/** The first user message as a fallback title: whitespace collapsed, cut at a word near the cap. */
/** The channel prefix of web thread conversations: `web:<threadId>`. */
export const WEB_CONVERSATION_PREFIX = "web:";

export function fallbackTitle(firstMessage: string): string {
  const flat = firstMessage
    .replace(/[\u0000-\u001f\u007f-\u009f]/gu, " ")
    .replace(/\s+/gu, " ")
    .trim();
  const characters = [...flat];
  if (characters.length <= FALLBACK_TITLE_MAX_CHARACTERS) return flat;
  return `${characters
    .slice(0, FALLBACK_TITLE_MAX_CHARACTERS - 1)
    .join("")
    .trimEnd()}…`;
}

/** A stored thread row as the API shows it. */
export function threadFromRow(row: typeof webThreads.$inferSelect): WebThread {
  let title = UNTITLED_THREAD_TITLE;
  let titleSource: WebTitleSource = "none";
  if (row.title !== null) {
    title = row.title;
    titleSource = row.titleSource === "manual" ? "manual" : "agent";
  } else if (row.firstMessage !== null) {
    const fallback = fallbackTitle(row.firstMessage);
    if (fallback.length > 0) {
      title = fallback;
      titleSource = "first-message";
    }
  }
  return {
    threadId: row.threadId,
    conversationId: `${WEB_CONVERSATION_PREFIX}${row.threadId}`,
    title,
    titleSource,
    titleLocked: row.titleLocked === 1,
    origin: row.origin === "trigger" ? "trigger" : ("interactive" satisfies WebThreadOrigin),
    archived: row.archivedAtMs !== null,
    createdAtMs: row.createdAtMs,
    updatedAtMs: row.updatedAtMs,
    version: row.version,
  };
}

/** Whether agent title proposals may still land on this thread (the page's "title still writable"). */
export function isTitleWritable(thread: WebThread): boolean {
  return thread.origin === "interactive" && !thread.archived && !thread.titleLocked;
}
