/** The searchable form of one part of a call's redacted text (NFKC, lower-cased), as SQLite's `searchableText`. */
export function searchPart(text: string): string {
  return text.normalize("NFKC").toLowerCase();
}

/** The search text of an invocation: tool name and arguments; the result is appended when the call ends. */
export function invocationSearchText(toolName: string, invocationPayload: string): string {
  return searchPart(`${toolName}\n${invocationPayload}`);
}

/** A LIKE pattern (escape `\`) that matches `term` anywhere, literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
