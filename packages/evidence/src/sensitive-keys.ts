/**
 * The closed sensitive-key list of the shared observability redactor (reference §4.2), matched
 * case-insensitively as a substring, with its known gaps fixed: `private key`, `api.key` and
 * `api:key` now match because a space, `.`, `:`, `_` or `-` may separate the two words.
 */
const SENSITIVE_KEY =
  /token|password|authorization|api[\s_.:-]?key|cookie|credentials?|private[\s_.:-]?key|client[\s_.:-]?secret|bearer|secret/i;

/**
 * Keys under which the projection pass redacts numbers too (seed page, RunHistory second pass:
 * apiKey, token, client_secret, password, authorization, cookie), compared on the key folded to
 * lower case without separators and matched at its end — `access_token` matches, `input_tokens`
 * (a token count) does not.
 */
const NUMBER_REDACTING_SUFFIXES = ["apikey", "token", "clientsecret", "password", "authorization", "cookie"];

/** True when values under `key` are redacted. */
export function isSensitiveKey(key: string): boolean {
  return SENSITIVE_KEY.test(key);
}

/**
 * True when the projection pass also redacts a number under `key`. Numbers under `credential`,
 * `private_key`, `bearer` and every other sensitive key stay visible, as in the first pass.
 */
export function redactsNumbersUnder(key: string): boolean {
  const folded = key.toLowerCase().replace(/[\s_.:-]/g, "");
  return NUMBER_REDACTING_SUFFIXES.some((suffix) => folded.endsWith(suffix));
}
