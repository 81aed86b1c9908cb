/** Shortest operator token a host may fix (instead of a random one): 128 bits of base64url-like text. */
export const OPERATOR_TOKEN_MIN_CHARACTERS = 22;

/** Characters an operator token may use: safe in a URL fragment, a header and a cookie. */
export const OPERATOR_TOKEN_PATTERN = /^[A-Za-z0-9._~-]+$/;

/**
 * Why a fixed operator token is not acceptable, or undefined when it is. `source` names where the
 * token came from in the message (the host's env variable, say).
 */
export function operatorTokenProblem(token: string, source = "the operator token"): string | undefined {
  if (token.length < OPERATOR_TOKEN_MIN_CHARACTERS)
    return `${source} is ${token.length} characters; use at least ${OPERATOR_TOKEN_MIN_CHARACTERS} (or unset it for a random token)`;
  if (!OPERATOR_TOKEN_PATTERN.test(token))
    return `${source} has characters outside A-Z a-z 0-9 . _ ~ -; use only those`;
  return undefined;
}
