import { findDuplicateJsonKeys } from "./find-duplicate-json-keys.js";
import { formatJsonPath } from "./json-path.js";
import type { ConfigIssue, MonoAgentConfigErrorCode } from "./mono-agent-config-error.js";
import { CONFIG_FILE_MAX_BYTES, readBoundedFile } from "./read-bounded-file.js";

/**
 * Deepest nesting of arrays and objects accepted in a config file or mcp.json. The deepest real entry
 * nests 5 levels (`continuations.namedRoutes.<name>.conversationId`, an env reference in a server's
 * headers); 64 leaves room for any hand-written file, and refusing more before parsing keeps a file
 * nested 20,000 deep from taking the validators quadratic time (it took 41 s).
 */
export const CONFIG_MAX_NESTING_DEPTH = 64;

/** Error codes used for one kind of file. */
export interface JsonFileCodes {
  missing: MonoAgentConfigErrorCode;
  unreadable: MonoAgentConfigErrorCode;
  invalidJson: MonoAgentConfigErrorCode;
}

export type JsonFileResult =
  /** `warnings`: keys that appear twice in one object (`duplicate_key`; the last one is used). */
  | { status: "parsed"; value: unknown; warnings: ConfigIssue[] }
  | { status: "missing"; issue: ConfigIssue }
  | { status: "failed"; issue: ConfigIssue };

function lineAndColumn(text: string, position: number): string {
  const before = text.slice(0, position);
  const line = before.split("\n").length;
  const column = position - before.lastIndexOf("\n");
  return `line ${line}, column ${column}`;
}

function parseErrorLocation(text: string, error: unknown): string {
  const match = error instanceof Error ? /position (\d+)/.exec(error.message) : null;
  if (match?.[1] !== undefined) return ` at ${lineAndColumn(text, Number(match[1]))}`;
  return "";
}

/**
 * "UTF-16LE" / "UTF-16BE" when the bytes are UTF-16 text (a byte-order mark, or a NUL beside the first
 * character, as Windows editors write it), so the error can name the encoding instead of a parse error.
 */
function utf16Encoding(bytes: Buffer): string | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "UTF-16LE";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "UTF-16BE";
  if (bytes.length >= 2 && bytes[0] !== 0 && bytes[1] === 0) return "UTF-16LE";
  if (bytes.length >= 2 && bytes[0] === 0 && bytes[1] !== 0) return "UTF-16BE";
  return undefined;
}

/**
 * Where `text` first nests arrays and objects deeper than `maxDepth` (outside strings), or undefined.
 * One linear pass, so a hostile file is refused before any parser or validator walks it.
 */
export function findExcessiveNesting(text: string, maxDepth: number): number | undefined {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > maxDepth) return index;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return undefined;
}

/**
 * What is wrong, in words that never quote the file: the parser's message can hold the text around the
 * error (`Unexpected token 'P', "PATH=/usr/"... is not valid JSON`), which may be a secret.
 */
export function jsonSyntaxProblem(error: unknown): string {
  const detail = error instanceof Error ? error.message : String(error);
  if (/unexpected end/i.test(detail)) return "the text ends before the JSON value does";
  if (/unterminated string/i.test(detail)) return "a string is not closed";
  if (/bad control character/i.test(detail)) return "a string holds a raw control character";
  if (/expected property name/i.test(detail)) return "a property name was expected";
  if (/after property name/i.test(detail)) return "a colon was expected after a property name";
  if (/after (array element|property value)/i.test(detail))
    return "a comma or a closing bracket was expected";
  return "an unexpected character";
}

/**
 * Reads and parses a JSON file; a missing, unreadable, oversized, non-regular (FIFO, device, folder) or
 * malformed file becomes an issue, never a throw. `source` names where the path came from (the key or
 * flag), so the message says what to fix.
 */
export async function readJsonFile(
  file: string,
  codes: JsonFileCodes,
  missingHint: string,
  source = "",
): Promise<JsonFileResult> {
  const read = await readBoundedFile(file, CONFIG_FILE_MAX_BYTES);
  const failed = (code: MonoAgentConfigErrorCode, message: string, expected?: string): JsonFileResult => ({
    status: "failed",
    issue: { severity: "error", code, file, jsonPath: "$", message, ...(expected ? { expected } : {}) },
  });
  if (read.status === "missing") {
    const message = `${file} does not exist; ${missingHint}.`;
    return {
      status: "missing",
      issue: { severity: "error", code: codes.missing, file, jsonPath: "$", message },
    };
  }
  if (read.status === "refused") {
    return failed(
      codes.unreadable,
      `${source ? `${source} ` : ""}${file} is ${read.problem}; expected a readable JSON file (a regular file of at most ${CONFIG_FILE_MAX_BYTES} bytes).`,
    );
  }
  const encoding = utf16Encoding(read.bytes);
  if (encoding) {
    return failed(
      codes.invalidJson,
      `${file} is encoded as ${encoding}; accepted: a JSON object in UTF-8 (save the file as UTF-8).`,
      "UTF-8 JSON",
    );
  }
  const text = read.bytes.toString("utf8");
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const tooDeep = findExcessiveNesting(body, CONFIG_MAX_NESTING_DEPTH);
  if (tooDeep !== undefined) {
    return failed(
      codes.invalidJson,
      `${file} nests arrays and objects more than ${CONFIG_MAX_NESTING_DEPTH} levels deep at ${lineAndColumn(body, tooDeep)}; accepted: at most ${CONFIG_MAX_NESTING_DEPTH} levels.`,
      "a JSON object",
    );
  }
  try {
    const value = JSON.parse(body) as unknown;
    return { status: "parsed", value, warnings: duplicateKeyWarnings(file, body) };
  } catch (error) {
    return failed(
      codes.invalidJson,
      `${file} is not valid JSON${parseErrorLocation(body, error)}: ${jsonSyntaxProblem(error)}; accepted: a JSON object (no comments, no trailing commas).`,
      "a JSON object",
    );
  }
}

function duplicateKeyWarnings(file: string, text: string): ConfigIssue[] {
  return findDuplicateJsonKeys(text).map(({ path, line }) => {
    const jsonPath = formatJsonPath(path);
    return {
      severity: "warning",
      code: "duplicate_key",
      file,
      jsonPath,
      message: `${file} at ${jsonPath} (line ${line}): the key ${JSON.stringify(String(path.at(-1)))} appears again in the same object, and only this last value is used; accepted: each key once, so remove or merge the other.`,
      expected: "each key once",
    };
  });
}
