import type { OAuthDiscoveryState } from "@modelcontextprotocol/sdk/client/auth.js";

/** The scope that asks an authorization server for a refresh token (OpenID Connect, SEP-2207). */
export const OFFLINE_ACCESS_SCOPE = "offline_access";

/**
 * The authorization URL with `offline_access` added to its `scope` when the authorization server lists it
 * in `scopes_supported` (SEP-2207: a client that wants a refresh token may ask for it, and must not where
 * it is not listed), so a login keeps working after its access token expires. Unchanged otherwise, and
 * when the URL asks for no scope at all: the server's default scopes must not shrink to `offline_access`.
 */
export function requestOfflineAccess(authorizationUrl: URL, state: OAuthDiscoveryState | undefined): URL {
  const supported = state?.authorizationServerMetadata?.scopes_supported ?? [];
  if (!supported.includes(OFFLINE_ACCESS_SCOPE)) return authorizationUrl;
  const scopes = (authorizationUrl.searchParams.get("scope") ?? "").split(" ").filter(Boolean);
  if (scopes.length === 0 || scopes.includes(OFFLINE_ACCESS_SCOPE)) return authorizationUrl;
  const url = new URL(authorizationUrl);
  url.searchParams.set("scope", [...scopes, OFFLINE_ACCESS_SCOPE].join(" "));
  return url;
}
