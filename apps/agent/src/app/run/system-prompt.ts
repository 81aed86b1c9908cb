import { readBoundedFile } from "@mono-agent/config";

/** Instructions used when the agent folder has no instructions file. */
export const DEFAULT_INSTRUCTIONS =
  "You are a helpful assistant. Use the tools you are given when they help, say which tool an answer came from, and say so plainly when a tool fails.";

/** Largest instructions file read, in bytes: a system prompt past this is almost certainly a mistake. */
export const MAX_INSTRUCTIONS_BYTES = 256 * 1024;

/** The system prompt: the instructions file of the agent folder (`runtime.instructions`), or the default. */
export async function readSystemPrompt(instructionsPath: string): Promise<string> {
  const read = await readBoundedFile(instructionsPath, MAX_INSTRUCTIONS_BYTES);
  if (read.status === "missing") return DEFAULT_INSTRUCTIONS;
  if (read.status === "refused") {
    throw new Error(
      `runtime.instructions ${instructionsPath} is ${read.problem}; expected a regular text file of at most ${MAX_INSTRUCTIONS_BYTES} bytes (keep instructions short)`,
    );
  }
  return read.bytes.toString("utf8").trim() || DEFAULT_INSTRUCTIONS;
}
