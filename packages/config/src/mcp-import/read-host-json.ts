import { type ParseError, parse, printParseErrorCode } from "jsonc-parser";
import { MonoAgentConfigError } from "../mono-agent-config-error.js";
import { CONFIG_FILE_MAX_BYTES, readBoundedFileSync } from "../read-bounded-file.js";
import { jsonSyntaxProblem } from "../read-json-file.js";

/** How {@link readHostJson} reads a file. */
export interface ReadHostJsonOptions {
  /**
   * Accept JSON with comments and trailing commas, as VS Code's and Cursor's `mcp.json` are written
   * (default). `false` for mono-agent's own mcp.json, which its loader reads as strict JSON.
   */
  comments?: boolean;
}

/**
 * Reads one JSON file of an MCP import (a host's file or the mcp.json being merged into) as the loader
 * reads its own: a regular file of at most 1 MiB, never a kernel pseudo-file, a device or a FIFO; errors
 * never quote what the file holds. Throws `MonoAgentConfigError` `mcp_config_unreadable` or
 * `mcp_config_invalid`, naming the line and column.
 */
export function readHostJson(file: string, options: ReadHostJsonOptions = {}): unknown {
  const read = readBoundedFileSync(file, CONFIG_FILE_MAX_BYTES);
  if (read.status !== "read")
    throw new MonoAgentConfigError(
      "mcp_config_unreadable",
      `${file} ${read.status === "missing" ? "does not exist" : `is ${read.problem}`}; pass a readable MCP config file (a regular file of at most ${CONFIG_FILE_MAX_BYTES} bytes)`,
      { file },
    );
  const text = read.bytes.toString("utf8").replace(/^\uFEFF/, "");
  if (options.comments === false) {
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new MonoAgentConfigError(
        "mcp_config_invalid",
        `${file} is not valid JSON (${jsonSyntaxProblem(error)}); fix it first`,
        { file },
      );
    }
  }
  const errors: ParseError[] = [];
  const value = parse(text, errors, { allowTrailingComma: true, disallowComments: false }) as unknown;
  const first = errors[0];
  if (
    value === undefined &&
    errors.length === 1 &&
    first &&
    printParseErrorCode(first.error) === "ValueExpected"
  ) {
    throw new MonoAgentConfigError(
      "mcp_config_invalid",
      `${file} is empty; an MCP config is a JSON object such as { "mcpServers": { ... } }`,
      { file },
    );
  }
  if (first !== undefined) {
    throw new MonoAgentConfigError(
      "mcp_config_invalid",
      `${file} is not valid JSON or JSON with comments (${printParseErrorCode(first.error)} at ${where(text, first.offset)}); fix it in its host first`,
      { file },
    );
  }
  return value;
}

function where(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  const column = offset - before.lastIndexOf("\n");
  return `line ${line}, column ${column}`;
}
