/** Longest accepted conversation id, in characters (room for a platform thread id plus a `#YYYY-MM-DD` bucket). */
export const CONVERSATION_ID_MAX_LENGTH = 256;

/** `<channel>:<id>`: a lower-case channel name, a colon, then printable characters without spaces. */
export const CONVERSATION_ID_PATTERN = /^[a-z][a-z0-9_-]{0,31}:[^\s\u0000-\u001f\u007f]+$/;

/** The accepted form of a conversation id, as error messages name it. */
export const CONVERSATION_ID_FORM = `use "<channel>:<id>" such as "cli:default" (channel: lower-case letters, digits, "-" or "_"; id: no spaces or control characters; at most ${CONVERSATION_ID_MAX_LENGTH} characters)`;

/** True when `value` is `<channel>:<id>` within {@link CONVERSATION_ID_MAX_LENGTH}. */
export function isConversationId(value: unknown): value is string {
  return (
    typeof value === "string" &&
    value.length <= CONVERSATION_ID_MAX_LENGTH &&
    CONVERSATION_ID_PATTERN.test(value)
  );
}

/** The channel of a conversation id (`slack:C1:17.5` → `slack`), or undefined when it has none. */
export function conversationChannel(conversationId: string): string | undefined {
  const colon = conversationId.indexOf(":");
  return colon > 0 ? conversationId.slice(0, colon) : undefined;
}
