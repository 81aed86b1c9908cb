import type { CliIo } from "../cli-io.js";
import { ExitError } from "../exit-error.js";

export async function mcpImportCommand(_argv: readonly string[], _io: CliIo): Promise<number> {
  throw new ExitError("mcp import is not available yet");
}
