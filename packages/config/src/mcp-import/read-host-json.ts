import { MonoAgentConfigError } from "../mono-agent-config-error.js";
import { CONFIG_FILE_MAX_BYTES, readBoundedFileSync } from "../read-bounded-file.js";
import { jsonSyntaxProblem } from "../read-json-file.js";

/**
 * Reads one JSON file of an MCP import (a host's file or the mcp.json being merged into) as the loader
 * reads its own: a regular file of at most 1 MiB, never a kernel pseudo-file, a device or a FIFO; errors
 * never quote what the file holds.
 */
export function readHostJson(file: string): unknown {
  const read = readBoundedFileSync(file, CONFIG_FILE_MAX_BYTES);
  if (read.status !== "read")
    throw new MonoAgentConfigError(
      "mcp_config_unreadable",
      `${file} ${read.status === "missing" ? "does not exist" : `is ${read.problem}`}; pass a readable MCP config file (a regular file of at most ${CONFIG_FILE_MAX_BYTES} bytes)`,
      { file },
    );
  try {
    return JSON.parse(read.bytes.toString("utf8").replace(/^\uFEFF/, "")) as unknown;
  } catch (error) {
    throw new MonoAgentConfigError(
      "mcp_config_invalid",
      `${file} is not valid JSON (${jsonSyntaxProblem(error)}); fix it in its host first`,
      { file },
    );
  }
}
