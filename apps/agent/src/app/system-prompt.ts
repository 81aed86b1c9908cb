import { readFile } from "node:fs/promises";

/** Instructions used when the agent folder has no instructions file. */
export const DEFAULT_INSTRUCTIONS =
  "You are a helpful assistant. Use the tools you are given when they help, say which tool an answer came from, and say so plainly when a tool fails.";

/** Largest instructions file read, in bytes: a system prompt past this is almost certainly a mistake. */
export const MAX_INSTRUCTIONS_BYTES = 256 * 1024;

/** The system prompt: the instructions file of the agent folder (`runtime.instructions`), or the default. */
export async function readSystemPrompt(instructionsPath: string): Promise<string> {
  let text: string;
  try {
    text = await readFile(instructionsPath, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return DEFAULT_INSTRUCTIONS;
    throw error;
  }
  if (Buffer.byteLength(text) > MAX_INSTRUCTIONS_BYTES) {
    throw new Error(
      `${instructionsPath} is larger than ${MAX_INSTRUCTIONS_BYTES} bytes; keep instructions short`,
    );
  }
  return text.trim() || DEFAULT_INSTRUCTIONS;
}
