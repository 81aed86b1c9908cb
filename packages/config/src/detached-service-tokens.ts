import type { EnvRecord } from "./loaded-config.js";
import {
  DETACHED_SERVICE_TOKEN_MIN_CHARS,
  type DetachedServiceConfig,
} from "./schema/detached-services-schema.js";

/** A detached service with its bearer looked up in the host env: `ok` (with `token`), `missing` or `too_short`. */
export type DetachedServiceToken =
  | { name: string; tokenEnv: string; status: "ok"; token: string }
  | { name: string; tokenEnv: string; status: "missing" | "too_short" };

/**
 * Looks up each detached service's bearer in the host-resolved env (never `process.env`): unset or
 * empty is `missing`, shorter than {@link DETACHED_SERVICE_TOKEN_MIN_CHARS} is `too_short`.
 */
export function detachedServiceTokens(
  services: readonly DetachedServiceConfig[],
  env: EnvRecord,
): DetachedServiceToken[] {
  return services.map(({ name, tokenEnv }) => {
    const token = env[tokenEnv];
    if (token === undefined || token === "") return { name, tokenEnv, status: "missing" };
    if (token.length < DETACHED_SERVICE_TOKEN_MIN_CHARS) return { name, tokenEnv, status: "too_short" };
    return { name, tokenEnv, status: "ok", token };
  });
}

/** What is wrong with a service's token, naming the variable (never its value), or undefined when it is usable. */
export function detachedServiceTokenProblem(entry: DetachedServiceToken): string | undefined {
  if (entry.status === "missing")
    return `detached service "${entry.name}": environment variable ${entry.tokenEnv} is not set; export it (or put it in the .env file) with a bearer of at least ${DETACHED_SERVICE_TOKEN_MIN_CHARS} characters`;
  if (entry.status === "too_short")
    return `detached service "${entry.name}": environment variable ${entry.tokenEnv} holds fewer than ${DETACHED_SERVICE_TOKEN_MIN_CHARS} characters; use a longer random bearer (e.g. openssl rand -base64 24)`;
  return undefined;
}
