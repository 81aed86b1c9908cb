import { stripHiddenCharacters } from "@mono-agent/evidence";

/** The app-owned tool that names a web conversation (seed page "SetConversationTitle: web conversation naming"). */
export const CONVERSATION_TITLE_TOOL_NAME = "SetConversationTitle";

/** Longest accepted title, in characters (Unicode code points) after whitespace is normalized: the page's 80. */
export const CONVERSATION_TITLE_MAX_CHARACTERS = 80;

/** C0 and C1 control characters and DEL; whitespace among them is normalized to spaces before this check. */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/u;

/** Any run of whitespace, including tabs and line breaks: it becomes one space. */
const WHITESPACE_RUN = /\s+/gu;

/** The outcome of {@link parseConversationTitleInput}: the normalized title, or why the input was refused. */
export type ConversationTitleParse = { ok: true; title: string } | { ok: false; message: string };

/**
 * Normalize a title typed by a person or proposed by the model: text hidden in tag characters and the
 * like goes (`stripHiddenCharacters`), every whitespace run becomes one space, leading and trailing
 * whitespace goes; control characters, an empty result and more than
 * {@link CONVERSATION_TITLE_MAX_CHARACTERS} characters are refused.
 */
export function normalizeConversationTitle(value: unknown): ConversationTitleParse {
  if (typeof value !== "string")
    return { ok: false, message: `"title" must be a string, got ${value === null ? "null" : typeof value}.` };
  const title = stripHiddenCharacters(value).replace(WHITESPACE_RUN, " ").trim();
  const control = CONTROL_CHARACTER.exec(title);
  if (control)
    return {
      ok: false,
      message: `"title" contains the control character U+${control[0].codePointAt(0)?.toString(16).toUpperCase().padStart(4, "0")}; use printable text only.`,
    };
  if (title.length === 0)
    return { ok: false, message: '"title" is empty; give a short name for the conversation.' };
  const length = [...title].length;
  if (length > CONVERSATION_TITLE_MAX_CHARACTERS)
    return {
      ok: false,
      message: `"title" is ${length} characters after whitespace is normalized; at most ${CONVERSATION_TITLE_MAX_CHARACTERS} are accepted.`,
    };
  return { ok: true, title };
}

/**
 * Check the tool's strict input `{ "title": "..." }`: an object with exactly one field, `title`, whose
 * value normalizes to an accepted title. Extra fields are refused by name.
 */
export function parseConversationTitleInput(input: unknown): ConversationTitleParse {
  if (typeof input !== "object" || input === null || Array.isArray(input))
    return { ok: false, message: 'The input must be an object { "title": "..." }.' };
  const extra = Object.keys(input).filter((key) => key !== "title");
  if (extra.length > 0)
    return {
      ok: false,
      message: `Unexpected field${extra.length > 1 ? "s" : ""} ${extra.map((key) => JSON.stringify(key)).join(", ")}; the input is exactly { "title": "..." }.`,
    };
  if (!("title" in input))
    return { ok: false, message: 'Missing "title"; the input is exactly { "title": "..." }.' };
  return normalizeConversationTitle((input as { title: unknown }).title);
}
