import { stripHiddenCharacters } from "./hidden-characters.js";

/**
 * Escape sequences a terminal acts on: CSI (`ESC [` … final byte, colours and cursor moves), OSC
 * (`ESC ]` … BEL or ST: window titles, OSC 8 hyperlinks, clipboard writes), DCS/SOS/PM/APC strings
 * (`ESC P`, `ESC X`, `ESC ^`, `ESC _` … ST), two-byte `ESC x` sequences, and the 8-bit C1 forms of
 * CSI (U+009B) and OSC (U+009D). An unterminated string runs to the end of the text.
 */
const ESCAPE_SEQUENCE =
  /\u001b\[[0-?]*[ -/]*[@-~]|\u009b[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|\u009d[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|\u001b[PX^_][^\u001b\u009c]*(?:\u001b\\|\u009c)?|\u001b[ -~]/g;

/**
 * Characters left after the sequences are gone that still steer a terminal or reorder what it shows:
 * C0 controls but TAB and LF, DEL, the C1 range, a CR that does not start a CRLF (it rewrites the
 * line), and the bidi controls (ALM, LRM, RLM, LRE…RLO incl. U+202E, LRI…PDI).
 */
const CONTROL_CHARACTER =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/g;

/**
 * `text` safe to print on a terminal: escape sequences removed whole, then every remaining control,
 * C1 and bidi control character removed, and the hidden characters of {@link stripHiddenCharacters}
 * (tag characters smuggling text past a reader). TAB, LF and CRLF stay.
 */
export function stripTerminalControls(text: string): string {
  return stripHiddenCharacters(text.replace(ESCAPE_SEQUENCE, "").replace(CONTROL_CHARACTER, ""));
}

/** Characters `JSON.stringify` leaves raw that a terminal acts on: DEL, C1, bidi controls, LS and PS. */
const RAW_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

/**
 * `JSON.stringify(value)` with the characters it leaves raw that steer a terminal (DEL, C1, bidi
 * controls, U+2028/U+2029) written as `\uXXXX` escapes: the same JSON value, safe to print.
 */
export function terminalSafeJson(value: unknown): string {
  return (JSON.stringify(value) ?? "null").replace(
    RAW_IN_JSON,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
