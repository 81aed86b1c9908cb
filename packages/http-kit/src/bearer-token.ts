/** `Bearer <token>`, the scheme case-insensitive, surrounding white space allowed (RFC 6750 §2.1). */
const BEARER = /^\s*Bearer\s+(\S+)\s*$/i;

/** The token of an `Authorization: Bearer <token>` header value, or undefined. */
export function bearerToken(authorization: string | undefined | null): string | undefined {
  return BEARER.exec(authorization ?? "")?.[1];
}
