import { type ParseArgsConfig, parseArgs } from "node:util";
import { usageError } from "./exit-error.js";

type Options = NonNullable<ParseArgsConfig["options"]>;

/** Parsed flags (string or boolean values) and positional arguments of one command. */
export interface ParsedCommandArgs<T extends Options> {
  values: {
    [K in keyof T]?: T[K]["type"] extends "boolean"
      ? boolean
      : T[K]["multiple"] extends true
        ? string[]
        : string;
  };
  positionals: string[];
}

/** `node:util` parseArgs in strict mode, with its errors turned into usage errors (exit 2). */
export function parseCommandArgs<T extends Options>(
  argv: readonly string[],
  options: T,
  usage: string,
): ParsedCommandArgs<T> {
  try {
    const parsed = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
    return { values: parsed.values as ParsedCommandArgs<T>["values"], positionals: parsed.positionals };
  } catch (error) {
    const message =
      error instanceof Error ? error.message.replace(/\. To specify a positional.*$/s, ".") : String(error);
    throw usageError(message, usage);
  }
}
