import { parseArgs, type ParseArgsConfig } from "node:util";
import { usageError } from "./exit-error.js";

type Options = NonNullable<ParseArgsConfig["options"]>;

/** `node:util` parseArgs in strict mode, with its errors turned into usage errors (exit 2). */
export function parseCommandArgs<T extends Options>(argv: readonly string[], options: T, usage: string) {
  try {
    return parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (error) {
    const message = error instanceof Error ? error.message.replace(/\. To specify a positional.*$/s, ".") : String(error);
    throw usageError(message, usage);
  }
}
