import { ENV_VAR_NAME_PATTERN } from "./schema/env-reference-schema.js";
import { setOwnProperty } from "./set-own-property.js";

const ESCAPES: Record<string, string> = { n: "\n", r: "\r", t: "\t", '"': '"', "\\": "\\" };

/** The value of a quoted entry starting at `text[start]` (the quote), and the index after the closing quote. */
function readQuoted(text: string, start: number): { value: string; end: number } | undefined {
  const quote = text[start];
  let value = "";
  for (let index = start + 1; index < text.length; index++) {
    const character = text[index]!;
    if (character === quote) return { value, end: index + 1 };
    if (quote === '"' && character === "\\" && index + 1 < text.length) {
      const next = text[++index]!;
      value += ESCAPES[next] ?? `\\${next}`;
    } else {
      value += character;
    }
  }
  return undefined;
}

/** An unquoted value: up to the end of the line, without a ` #` comment, trimmed. */
function readUnquoted(line: string): string {
  const comment = line.search(/\s#/);
  return (comment === -1 ? line : line.slice(0, comment)).trim();
}

/**
 * Parses .env text: `KEY=VALUE` lines, optional `export ` prefix, `#` comments, blank lines,
 * single quotes (literal), double quotes (`\n`, `\t`, `\"` escapes; may span lines) and backticks.
 * Values are never expanded (`${OTHER}` stays as written). Lines that are not an assignment are skipped,
 * as in dotenv. Later assignments of a name win.
 */
export function parseEnvFile(text: string): Record<string, string> {
  const entries: Record<string, string> = {};
  const source = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  let position = 0;
  while (position < source.length) {
    const lineEnd = source.indexOf("\n", position) === -1 ? source.length : source.indexOf("\n", position);
    const line = source.slice(position, lineEnd);
    const match = /^\s*(?:export\s+)?([^\s=#]+)\s*=\s*/.exec(line);
    let next = lineEnd + 1;
    if (match !== null && ENV_VAR_NAME_PATTERN.test(match[1]!)) {
      const valueStart = position + match[0].length;
      const quote = source[valueStart];
      const quoted =
        quote === '"' || quote === "'" || quote === "`" ? readQuoted(source, valueStart) : undefined;
      if (quoted !== undefined) {
        setOwnProperty(entries, match[1]!, quoted.value);
        const closingLineEnd = source.indexOf("\n", quoted.end);
        next = closingLineEnd === -1 ? source.length : closingLineEnd + 1;
      } else {
        setOwnProperty(entries, match[1]!, readUnquoted(line.slice(match[0].length)));
      }
    }
    position = next;
  }
  return entries;
}
