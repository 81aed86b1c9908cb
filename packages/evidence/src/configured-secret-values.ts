import { CONFIGURED_VALUE_MIN_LENGTH } from "./limits.js";

/** Env names whose values are treated as credentials (seed page, Remember; reference §6.6). */
const CREDENTIAL_NAME =
  /api[_.-]?key|access[_.-]?key|private[_.-]?key|credential|passw(?:or)?d|passphrase|secret|token|bearer/i;

/** Names that hold a variable name or a location, never a secret: the page's only carve-outs. */
const LOCATION_NAME = /_(?:ENV|ENV_VAR|PATH|FILE|DIR)$/i;

/** True when `name` is credential-named and not one of the `*_ENV`/`*_ENV_VAR`/`*_PATH`/`*_FILE`/`*_DIR` carve-outs. */
export function isCredentialEnvName(name: string): boolean {
  return CREDENTIAL_NAME.test(name) && !LOCATION_NAME.test(name);
}

/**
 * Distinct strings to look for: each credential value of `env` (and each extra value) of at least
 * {@link CONFIGURED_VALUE_MIN_LENGTH} code points, in its raw, NFKC and per-code-point NFKC forms,
 * longest first so overlapping hits report the widest span.
 */
export function configuredSecretValues(
  env: Readonly<Record<string, string | undefined>>,
  extraValues: readonly string[] = [],
): string[] {
  const values = new Set<string>();
  const add = (value: string) => {
    for (const form of [value, value.normalize("NFKC"), perCodePointNfkc(value)]) {
      if ([...form].length >= CONFIGURED_VALUE_MIN_LENGTH) values.add(form);
    }
  };
  for (const [name, value] of Object.entries(env)) {
    if (typeof value === "string" && isCredentialEnvName(name)) add(value);
  }
  for (const value of extraValues) if (typeof value === "string") add(value);
  return [...values].sort((left, right) => right.length - left.length);
}

function perCodePointNfkc(value: string): string {
  let out = "";
  for (const character of value) out += character.normalize("NFKC");
  return out;
}
