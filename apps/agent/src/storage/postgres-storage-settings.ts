import type { LoadedConfig } from "@mono-agent/config";
import { isEnvReference, resolveEnvReference } from "@mono-agent/config";
import { MonoAgentRuntimeError } from "../runtime/runtime-error.js";

/** The resolved `storage.postgres` section: the URL read from its `$env` variable. */
export interface PostgresStorageSettings {
  url: string;
  schema: string;
  poolMax: number;
}

/**
 * The `storage.postgres` settings with the URL resolved from `env`, or undefined when the stores stay in
 * SQLite. Throws `conversation_store_failed` naming the variable when the URL's variable is not set.
 */
export function postgresStorageSettings(
  loaded: LoadedConfig,
  env: Readonly<Record<string, string | undefined>>,
): PostgresStorageSettings | undefined {
  const section = loaded.config.storage?.postgres;
  if (section === undefined) return undefined;
  const url = isEnvReference(section.url) ? resolveEnvReference(section.url, env) : section.url;
  if (url === undefined || url === "")
    throw new MonoAgentRuntimeError(
      "conversation_store_failed",
      `storage.postgres.url reads ${isEnvReference(section.url) ? section.url.$env : "a literal"}, which is not set; export it (postgres://user:password@host:5432/database) or remove storage.postgres to keep the stores in SQLite.`,
    );
  return { url, schema: section.schema, poolMax: section.poolMax };
}

/** The password of a postgres URL (a host secret: never written to a store or shown). */
export function postgresUrlSecrets(url: string): string[] {
  try {
    const password = decodeURIComponent(new URL(url).password);
    return password === "" ? [] : [password];
  } catch {
    return [];
  }
}
