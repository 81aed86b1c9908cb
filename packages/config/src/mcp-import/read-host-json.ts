import { readFileSync } from "node:fs";
import { MonoAgentConfigError } from "../mono-agent-config-error.js";

/** Reads one JSON file of an MCP import (a host's file or the mcp.json being merged into). */
export function readHostJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new MonoAgentConfigError(
      "mcp_config_unreadable",
      `${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}); pass a readable MCP config file`,
      { file, cause: error },
    );
  }
  try {
    return JSON.parse(text.replace(/^\uFEFF/, "")) as unknown;
  } catch (error) {
    throw new MonoAgentConfigError(
      "mcp_config_invalid",
      `${file} is not valid JSON (${(error as Error).message}); fix it in its host first`,
      { file, cause: error },
    );
  }
}
