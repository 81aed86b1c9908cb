import type { SecretFinding } from "./secret-kind.js";

/**
 * Characters that carry text a person cannot see but a model reads ("ASCII smuggling"), matched one
 * span each (global):
 * - an emoji tag sequence (U+1F3F4, tag letters or digits, CANCEL TAG: the flags of England,
 *   Scotland and Wales) is captured in group 1 and kept;
 * - any other Unicode tag character (U+E0000–U+E007F), each of which mirrors an ASCII character;
 * - the deprecated format characters U+206A–U+206F;
 * - a variation selector (U+FE00–U+FE0F, U+E0100–U+E01EF) right after another one: one selector
 *   chooses a glyph, a run of them encodes bytes ("emoji smuggling"), so all but the first go.
 */
const HIDDEN =
  /(\u{1F3F4}[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{1,32}\u{E007F})|[\u{E0000}-\u{E007F}]|[\u206A-\u206F]|(?<=[\uFE00-\uFE0F\u{E0100}-\u{E01EF}])[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/gu;

/** Quick test before the full pattern: a tag, deprecated format or variation selector code point. */
const MAYBE_HIDDEN = /[\u{E0000}-\u{E007F}\u206A-\u206F]|[\uFE00-\uFE0F]|[\u{E0100}-\u{E01EF}]/u;

/**
 * `text` without the hidden characters smuggled text is written in: Unicode tag characters (except
 * inside an emoji tag sequence, the subdivision flags), the deprecated format characters U+206A–U+206F,
 * and every variation selector that follows another. The one rule for untrusted text that is stored or
 * shown (memory, titles, channel messages, approvals shown to a person, CLI and web output).
 */
export function stripHiddenCharacters(text: string): string {
  if (!MAYBE_HIDDEN.test(text)) return text;
  return text.replace(HIDDEN, (_match, flag: string | undefined) => flag ?? "");
}

/** True when {@link stripHiddenCharacters} would change `text`. */
export function hasHiddenCharacters(text: string): boolean {
  return findHiddenCharacters(text).length > 0;
}

/** Each hidden character {@link stripHiddenCharacters} removes, as a `hidden_characters` finding. */
export function findHiddenCharacters(text: string): SecretFinding[] {
  if (!MAYBE_HIDDEN.test(text)) return [];
  const findings: SecretFinding[] = [];
  HIDDEN.lastIndex = 0;
  for (let match = HIDDEN.exec(text); match; match = HIDDEN.exec(text)) {
    if (match[1] !== undefined) continue;
    findings.push({ kind: "hidden_characters", start: match.index, end: match.index + match[0].length });
  }
  return findings;
}
