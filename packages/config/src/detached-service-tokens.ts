import type { EnvRecord } from "./loaded-config.js";
import { type ConfigIssue, MonoAgentConfigError } from "./mono-agent-config-error.js";
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

/**
 * The detached services with their bearers, for starting the continuation service. Throws
 * {@link MonoAgentConfigError} `service_token_invalid` listing every service whose variable is unset or
 * too short (the message names the variables, never a value).
 */
export function requireDetachedServiceTokens(
  services: readonly DetachedServiceConfig[],
  env: EnvRecord,
): { name: string; token: string }[] {
  const entries = detachedServiceTokens(services, env);
  const issues: ConfigIssue[] = entries.flatMap((entry, index) => {
    const message = detachedServiceTokenProblem(entry);
    return message === undefined
      ? []
      : [
          {
            severity: "error" as const,
            code: "service_token_invalid",
            jsonPath: `continuations.detachedServices[${index}].tokenEnv`,
            message,
          },
        ];
  });
  if (issues.length > 0)
    throw new MonoAgentConfigError("service_token_invalid", issues.map((issue) => issue.message).join("; "), {
      issues,
    });
  return entries.flatMap((entry) =>
    entry.status === "ok" ? [{ name: entry.name, token: entry.token }] : [],
  );
}
