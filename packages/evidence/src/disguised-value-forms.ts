import { encodeBase64url } from "./base64url.js";
import { disguiseFoldText } from "./disguise-view.js";
import { DISGUISED_VALUE_MIN_LENGTH } from "./limits.js";

const encoder = new TextEncoder();

/**
 * The characters of the base64 of `bytes` that depend on `bytes` alone, whatever comes before and
 * after them in the encoded text: one core for each of the three byte alignments, each in the url-safe
 * and the standard alphabet.
 */
function base64Cores(bytes: Uint8Array): string[] {
  const cores: string[] = [];
  for (const shift of [0, 1, 2]) {
    const shifted = new Uint8Array(shift + bytes.length);
    shifted.set(bytes, shift);
    const encoded = encodeBase64url(shifted);
    const core = encoded.slice([0, 2, 3][shift], Math.floor(((shift + bytes.length) * 8) / 6));
    cores.push(core, core.replace(/-/g, "+").replace(/_/g, "/"));
  }
  return cores;
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The needles of one configured value in the disguise view: the value, its reverse, its hex and the
 * alignment-independent cores of its base64, each folded as the view folds text (percent escapes,
 * white space, tag characters and look-alikes are the view's work). Empty for a value shorter than
 * {@link DISGUISED_VALUE_MIN_LENGTH} code points.
 */
export function disguisedValueForms(value: string): string[] {
  const codePoints = [...value];
  if (codePoints.length < DISGUISED_VALUE_MIN_LENGTH) return [];
  const bytes = encoder.encode(value);
  const forms = [value, codePoints.reverse().join(""), hex(bytes), ...base64Cores(bytes)];
  return forms.map(disguiseFoldText).filter((form) => [...form].length >= DISGUISED_VALUE_MIN_LENGTH);
}
