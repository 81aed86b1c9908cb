import { z } from "zod";

/** Accepted environment variable names: letters, digits and `_`, not starting with a digit (POSIX shells). */
export const ENV_VAR_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A value read from the host-resolved environment when a run starts: `{ "$env": "GITHUB_TOKEN" }`. */
export interface EnvReference {
  readonly $env: string;
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
  })
  .describe('Reads the value from the host environment when the run starts: { "$env": "NAME" }.');

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
