import * as z from "zod";

/** Accepted environment variable names: letters, digits and `_`, not starting with a digit (POSIX shells). */
export const ENV_VAR_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * A value read from the host-resolved environment when a run starts: `{ "$env": "GITHUB_TOKEN" }`.
 * `prefix` and `suffix` are literal text around the variable's value, so a header such as
 * `Authorization: Bearer <token>` keeps the token out of the file:
 * `{ "$env": "API_TOKEN", "prefix": "Bearer " }`. `default` is used when the variable is not set
 * (with the prefix and suffix around it); without one, an unset variable is an error for that server.
 * This is the only way a value reads the environment: no `${VAR}` is ever expanded inside a string.
 */
export interface EnvReference {
  readonly $env: string;
  readonly prefix?: string;
  readonly suffix?: string;
  readonly default?: string;
}

/** A header or env value: a literal string (never expanded, `"${VAR}"` stays as written) or an {@link EnvReference}. */
export type ConfigValue = string | EnvReference;

/** An environment variable name such as `GITHUB_TOKEN`. */
export const envVarNameSchema = z
  .string()
  .regex(ENV_VAR_NAME_PATTERN, { error: "expected an environment variable name such as GITHUB_TOKEN" });

export const envReferenceSchema = z
  .strictObject({
    $env: envVarNameSchema.describe("Name of the host environment variable to read at run start."),
    prefix: z
      .string()
      .optional()
      .describe('Literal text before the value, e.g. "Bearer " for an Authorization header.'),
    suffix: z.string().optional().describe("Literal text after the value."),
    default: z.string().optional().describe("Used when the variable is not set (an error otherwise)."),
  })
  .describe(
    'Reads the value from the host environment when the run starts: { "$env": "NAME" }, optionally with "prefix", "suffix" and "default".',
  );

export const configValueSchema = z
  .union([
    // biome-ignore lint/suspicious/noTemplateCurlyInString: documents that a literal ${VAR} is not expanded
    z.string().describe("A literal value, passed as written (no ${VAR} expansion)."),
    envReferenceSchema,
  ])
  .describe('A literal string, or { "$env": "NAME" } to read it from the host environment at run start.');

export function isEnvReference(value: ConfigValue): value is EnvReference {
  return typeof value === "object" && value !== null;
}

/**
 * The text an {@link EnvReference} stands for in `env` (the host-resolved env): prefix + value (or the
 * default) + suffix; `undefined` when the variable is unset and there is no default.
 */
export function resolveEnvReference(
  reference: EnvReference,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const value = Object.hasOwn(env, reference.$env) ? env[reference.$env] : undefined;
  const text = value ?? reference.default;
  return text === undefined ? undefined : `${reference.prefix ?? ""}${text}${reference.suffix ?? ""}`;
}
