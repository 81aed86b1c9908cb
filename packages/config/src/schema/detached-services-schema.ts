import * as z from "zod";
import { envVarNameSchema } from "./env-reference-schema.js";

/** Detached service names: the MCP server-name alphabet (letter or digit first, then letters, digits, `_` or `-`, at most 48). */
export const DETACHED_SERVICE_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,47}$/;

/** Shortest accepted service bearer, in characters (reference §7.1: at least 16). */
export const DETACHED_SERVICE_TOKEN_MIN_CHARS = 16;

export const detachedServiceSchema = z
  .strictObject({
    name: z
      .string()
      .regex(DETACHED_SERVICE_NAME_PATTERN, {
        error: 'expected a service name: a letter or digit, then up to 47 letters, digits, "_" or "-"',
      })
      .describe("The service's name, sent as the X-Mono-Agent-Service-Name header."),
    tokenEnv: envVarNameSchema.describe(
      `Name of the host environment variable holding the service's bearer (at least ${DETACHED_SERVICE_TOKEN_MIN_CHARS} characters; never the bearer itself).`,
    ),
  })
  .describe("A service allowed to claim detached continuations onto a named route.");

/** One entry of `continuations.detachedServices`. */
export type DetachedServiceConfig = z.infer<typeof detachedServiceSchema>;
