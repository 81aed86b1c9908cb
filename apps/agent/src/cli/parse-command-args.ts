import { type ParseArgsConfig, parseArgs } from "node:util";
import { closestKey } from "@mono-agent/config/closest-key";
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
  let parsed: ReturnType<
    typeof parseArgs<{ options: T; allowPositionals: true; strict: true; tokens: true }>
  >;
  try {
    parsed = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true, tokens: true });
  } catch (error) {
    const message =
      error instanceof Error ? error.message.replace(/\. To specify a positional.*$/s, ".") : String(error);
    throw usageError(`${message}${flagSuggestion(message, options)}`, usage);
  }
  // parseArgs keeps the last of a repeated single-value flag; `--config a --config b` would drop `a` silently.
  const seen = new Set<string>();
  for (const token of parsed.tokens) {
    if (token.kind !== "option") continue;
    const option = options[token.name];
    if (option?.type !== "string" || option.multiple) continue;
    if (seen.has(token.name))
      throw usageError(`--${token.name} is given more than once; pass it once`, usage);
    seen.add(token.name);
  }
  return { values: parsed.values as ParsedCommandArgs<T>["values"], positionals: parsed.positionals };
}

/** ` Did you mean --model?` for `Unknown option '--modle'`, when a known flag is close. */
function flagSuggestion(message: string, options: Options): string {
  const unknown = /^Unknown option '--([^'=]+)/.exec(message)?.[1];
  if (unknown === undefined) return "";
  const suggestion = closestKey(unknown, Object.keys(options));
  return suggestion === undefined ? "" : ` Did you mean --${suggestion}?`;
}
