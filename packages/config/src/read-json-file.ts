import { readFile } from "node:fs/promises";
import type { ConfigIssue, MonoAgentConfigErrorCode } from "./mono-agent-config-error.js";

/** Error codes used for one kind of file. */
export interface JsonFileCodes {
  missing: MonoAgentConfigErrorCode;
  unreadable: MonoAgentConfigErrorCode;
  invalidJson: MonoAgentConfigErrorCode;
}

export type JsonFileResult =
  | { status: "parsed"; value: unknown }
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

/** Reads and parses a JSON file; a missing, unreadable or malformed file becomes an issue, never a throw. */
export async function readJsonFile(
  file: string,
  codes: JsonFileCodes,
  missingHint: string,
): Promise<JsonFileResult> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    const errorCode = (error as NodeJS.ErrnoException).code;
    if (errorCode === "ENOENT" || errorCode === "ENOTDIR") {
      const message = `${file} does not exist; ${missingHint}.`;
      return {
        status: "missing",
        issue: { severity: "error", code: codes.missing, file, jsonPath: "$", message },
      };
    }
    const reason = errorCode === "EISDIR" ? "is a folder" : `cannot be read (${errorCode ?? String(error)})`;
    const message = `${file} ${reason}; expected a readable JSON file.`;
    return {
      status: "failed",
      issue: { severity: "error", code: codes.unreadable, file, jsonPath: "$", message },
    };
  }
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  try {
    return { status: "parsed", value: JSON.parse(body) as unknown };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    const message = `${file} is not valid JSON${parseErrorLocation(body, error)}: ${detail}; accepted: a JSON object (no comments, no trailing commas).`;
    const issue: ConfigIssue = {
      severity: "error",
      code: codes.invalidJson,
      file,
      jsonPath: "$",
      message,
      expected: "a JSON object",
    };
    return { status: "failed", issue };
  }
}
