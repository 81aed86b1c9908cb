/** A search term: a run of letters and numbers (seed page, reference §4.3). */
const TERM = /[\p{L}\p{N}]+/gu;
const LONE_ASCII = /^[a-z0-9]$/;
const ASCII_ONLY = /^[\x00-\x7f]*$/;
/** {@link TERM} on ASCII text, where letters and numbers are exactly these. */
const ASCII_TERM = /[A-Za-z0-9]+/g;

/** NFKC, then en-US lower case: how queries and searched metadata are compared. ASCII takes a fast path with the same result. */
export function foldForSearch(text: string): string {
  return ASCII_ONLY.test(text) ? text.toLowerCase() : text.normalize("NFKC").toLocaleLowerCase("en-US");
}

/**
 * The distinct search terms of a query, in order: folded, split into `[\p{L}\p{N}]+` runs, and without
 * lone ASCII letters or digits (the "A" of "group A") unless every term is one.
 */
export function searchTermsOf(query: string): string[] {
  const all = [...new Set(foldForSearch(query).match(TERM) ?? [])];
  const kept = all.filter((term) => !LONE_ASCII.test(term));
  return kept.length > 0 ? kept : all;
}

/**
 * The runs of letters and numbers in already folded text, in order, repeats kept: the same runs a query is
 * split into, so a term occurs in the text only inside one of them (a term holds nothing else).
 */
export function termRunsOf(folded: string): string[] {
  return folded.match(ASCII_ONLY.test(folded) ? ASCII_TERM : TERM) ?? [];
}
