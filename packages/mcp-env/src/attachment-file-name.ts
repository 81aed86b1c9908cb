import { ATTACHMENT_NAME_MAX_CHARACTERS } from "./attachment-limits.js";

/** Name used when an attachment's name has nothing usable left. */
const FALLBACK_NAME = "attachment";

/**
 * A safe file name for an attachment: its last path component, characters other than letters, digits,
 * `.`, `_`, `-` and space replaced by `_`, no leading dots, at most
 * {@link ATTACHMENT_NAME_MAX_CHARACTERS} characters with the extension kept. Pure.
 */
export function attachmentFileName(name: string): string {
  const last = name.normalize("NFC").split(/[\\/]/).pop() ?? "";
  const cleaned = last
    .replace(/[^\p{L}\p{N}._ -]/gu, "_")
    .replace(/^[.\s]+/, "")
    .trim();
  if (cleaned === "") return FALLBACK_NAME;
  if (cleaned.length <= ATTACHMENT_NAME_MAX_CHARACTERS) return cleaned;
  const dot = cleaned.lastIndexOf(".");
  const extension = dot > 0 && cleaned.length - dot <= 16 ? cleaned.slice(dot) : "";
  return cleaned.slice(0, ATTACHMENT_NAME_MAX_CHARACTERS - extension.length) + extension;
}

/** `name`, or `name-2.ext`, `name-3.ext` ... so that it is not in `taken`; adds the result to `taken`. */
export function uniqueFileName(name: string, taken: Set<string>): string {
  let candidate = name;
  const dot = name.lastIndexOf(".");
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
  for (let index = 2; taken.has(candidate.toLowerCase()); index++) candidate = `${stem}-${index}${extension}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}
