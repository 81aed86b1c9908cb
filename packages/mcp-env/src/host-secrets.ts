import { type EnvRecord, type LoadedConfig, PROVIDER_API_KEY_ENV_NAMES } from "@mono-agent/config";
import {
  createSecretScanner,
  isCredentialEnvName,
  isSensitiveKey,
  OMISSION_MARKERS,
  type SecretScanner,
} from "@mono-agent/evidence";

/**
 * The host's secret values of one app, as evidence's scanner knows them: every credential-named
 * variable of the host-resolved env, plus the values of variables the config points at by name (a
 * provider's `apiKeyEnv` and pi-ai's key variables, `{ "$env": NAME }` references, detached service
 * `tokenEnv`), credential-named literal header and env values of declared servers, and what the host
 * adds (the web console token, the continuation operator token).
 */
export interface HostSecrets {
  /** The scanner over these values (and evidence's token shapes) for the run recorder and SessionHistory; it follows {@link add}. */
  readonly scanner: SecretScanner;
  /** `text` with every host secret value replaced by the omission marker; nothing else changed. */
  redactText(text: string): string;
  /**
   * How many characters at the end of `text` could be the start of a secret (the longest end of the
   * text that begins some secret value, compared case-insensitively): a stream holds those back until it
   * knows, so a secret split over two deltas is never shown or stored in halves. 0 for ordinary text.
   */
  heldBackLength(text: string): number;
  /** Adds values known only later (a token generated at start); later redactions include them. */
  add(values: readonly string[]): void;
}

/** The host secrets of a loaded config and its host-resolved env. */
export function collectHostSecrets(
  loaded: LoadedConfig,
  env: EnvRecord,
  extraValues: readonly string[] = [],
): HostSecrets {
  const values = new Set<string>(extraValues);
  const fromVariable = (name: string | undefined) => {
    const value = name === undefined ? undefined : env[name];
    if (typeof value === "string" && value !== "") values.add(value);
  };
  for (const names of Object.values(PROVIDER_API_KEY_ENV_NAMES)) for (const name of names) fromVariable(name);
  for (const provider of Object.values(loaded.config.models?.providers ?? {}))
    fromVariable(provider.apiKeyEnv);
  for (const service of loaded.config.continuations?.detachedServices ?? []) fromVariable(service.tokenEnv);
  for (const { spec } of Object.values(loaded.mcpServers)) {
    const entries = { ...("env" in spec ? spec.env : {}), ...("headers" in spec ? spec.headers : {}) };
    for (const [name, value] of Object.entries(entries ?? {})) {
      if (typeof value === "object" && value !== null) fromVariable(value.$env);
      else if (typeof value === "string" && (isCredentialEnvName(name) || isSensitiveKey(name)))
        values.add(value.replace(/^(?:Bearer|Basic)\s+/i, ""));
    }
  }
  const envValues = Object.entries(env).flatMap(([name, value]) =>
    typeof value === "string" && isCredentialEnvName(name) ? [value] : [],
  );
  let current = createSecretScanner({ env, values: [...values] });
  const lowered = () => [...new Set([...values, ...envValues].map((value) => value.toLowerCase()))];
  let prefixesOf = lowered();
  const scanner: SecretScanner = {
    findSecrets: (input) => current.findSecrets(input),
    rejectReason: (text) => current.rejectReason(text),
    replaceSecrets: ((input: string | readonly string[], marker?: string) =>
      typeof input === "string"
        ? current.replaceSecrets(input, marker)
        : current.replaceSecrets(input, marker)) as SecretScanner["replaceSecrets"],
  };
  return {
    scanner,
    heldBackLength: (text) => longestSecretStartAtEnd(text.toLowerCase(), prefixesOf),
    redactText: (text) => redactConfiguredValues(scanner, text),
    add(added) {
      for (const value of added) values.add(value);
      current = createSecretScanner({ env, values: [...values] });
      prefixesOf = lowered();
    },
  };
}

/** The longest end of `text` that is a proper start of one of `secrets` (both lower-cased). */
function longestSecretStartAtEnd(text: string, secrets: readonly string[]): number {
  let longest = 0;
  for (const secret of secrets) {
    for (let length = Math.min(secret.length - 1, text.length); length > longest; length--) {
      if (text.endsWith(secret.slice(0, length))) {
        longest = length;
        break;
      }
    }
  }
  return longest;
}

/** Replaces only the configured-value findings of `scanner` (host secrets), leaving token shapes and prose alone. */
function redactConfiguredValues(scanner: SecretScanner, text: string): string {
  const spans = scanner
    .findSecrets(text)
    .filter(
      (finding) =>
        finding.kind === "configured_value" && !text.startsWith(OMISSION_MARKERS.secret, finding.start),
    );
  if (spans.length === 0) return text;
  let out = "";
  let cursor = 0;
  for (const { start, end } of spans) {
    if (end <= cursor) continue;
    out += text.slice(cursor, Math.max(cursor, start)) + (start >= cursor ? OMISSION_MARKERS.secret : "");
    cursor = end;
  }
  return out + text.slice(cursor);
}
