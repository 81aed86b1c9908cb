import type { OAuthDiscoveryState } from "@modelcontextprotocol/sdk/client/auth.js";

/** What the loopback callback of a login received: the authorization code and, per RFC 9207, `iss`. */
export interface McpAuthorizationResponse {
  code: string;
  /** The `iss` parameter of the redirect, when the authorization server sent one. */
  iss?: string;
}

/**
 * Why authorization server metadata must not be used (RFC 8414 §3.3), or undefined when it may: its
 * `issuer` must be the issuer identifier the metadata URL was built from (the protected resource
 * metadata's `authorization_servers` entry, or the server's origin). Only a trailing "/" may differ: both
 * spellings build the same well-known URL.
 */
export function metadataIssuerMismatch(state: OAuthDiscoveryState): string | undefined {
  const metadataIssuer = state.authorizationServerMetadata?.issuer;
  if (metadataIssuer === undefined) return undefined;
  const expected = state.authorizationServerUrl;
  const trimmed = (text: string) => (text.endsWith("/") ? text.slice(0, -1) : text);
  if (trimmed(metadataIssuer) === trimmed(expected)) return undefined;
  return `the authorization server metadata of ${expected} names another issuer ("${metadataIssuer}"), so it is not used (RFC 8414 §3.3)`;
}

/**
 * Why an authorization response must be refused (RFC 9207, MCP 2026-07-28), or undefined when it may be
 * used: an `iss` that is present must equal the recorded issuer (the metadata's `issuer`) by simple string
 * comparison, with no normalization; a server whose metadata says
 * `authorization_response_iss_parameter_supported` must send one.
 */
export function authorizationResponseIssuerMismatch(
  response: McpAuthorizationResponse,
  state: OAuthDiscoveryState | undefined,
): string | undefined {
  const metadata = state?.authorizationServerMetadata;
  const recorded = metadata?.issuer ?? state?.authorizationServerUrl;
  const required =
    (metadata as { authorization_response_iss_parameter_supported?: unknown } | undefined)
      ?.authorization_response_iss_parameter_supported === true;
  if (response.iss === undefined)
    return required
      ? `the authorization server ${recorded} says it sends "iss" but its answer has none (RFC 9207): the answer may come from another server; log in again`
      : undefined;
  if (response.iss === recorded) return undefined;
  return `the login answer names the issuer "${response.iss}", not "${recorded ?? "(unknown)"}" (RFC 9207): it may come from another authorization server (a mix-up attack), so it is refused; log in again`;
}
