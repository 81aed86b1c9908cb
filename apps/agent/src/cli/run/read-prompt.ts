import { EXIT_USAGE, ExitError } from "../exit-error.js";

/** Largest prompt read from standard input, in bytes; more is almost certainly the wrong file piped in. */
export const MAX_STDIN_PROMPT_BYTES = 1024 * 1024;

/** The prompt: the positional arguments joined, else all of standard input when it is not a terminal. */
export async function readPrompt(
  positionals: readonly string[],
  stdin: NodeJS.ReadableStream & { isTTY?: boolean },
): Promise<string> {
  if (positionals.length > 0) return positionals.join(" ").trim();
  if (stdin.isTTY) return "";
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > MAX_STDIN_PROMPT_BYTES) {
      throw new ExitError(
        `the prompt on standard input is larger than ${MAX_STDIN_PROMPT_BYTES} bytes; pass a shorter prompt`,
        EXIT_USAGE,
      );
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString("utf8").trim();
}
