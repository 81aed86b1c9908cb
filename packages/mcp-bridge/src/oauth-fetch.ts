import {
  auth,
  extractWWWAuthenticateParams,
  type OAuthClientProvider,
} from "@modelcontextprotocol/sdk/client/auth.js";
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";
import { McpBridgeError } from "./mcp-bridge-error.js";

/**
 * Authorizations in a row (each after a 401, or a 403 `insufficient_scope`) before the bridge gives
 * up on a server that keeps refusing: 3, the bound the MCP conformance suite's `auth/scope-retry-limit`
 * holds a client to ("3 or fewer"); a server granting what it asks for needs one.
 */
export const MAX_CONSECUTIVE_AUTHORIZATIONS = 3;

/** The authorization-code login of a person, when the host can run one now (a browser, a callback). */
export interface PendingLogin {
  /** The code the authorization server sent to the callback, once the browser flow is done. */
  takeCode(): string | undefined;
}

/** Options of {@link createOAuthFetch}. */
export interface OAuthFetchOptions {
  provider: OAuthClientProvider & {
    tokensExpired?(): boolean;
    invalidateCredentials?(scope: "tokens" | "discovery"): void;
  };
  serverName: string;
  serverUrl: URL;
  /** The code of a browser flow the provider's `redirectToAuthorization` ran; absent in a run. */
  login?: PendingLogin;
  /** Client credentials: the host authorizes itself, so every 401 is answered without a person. */
  unattended?: boolean;
  /** Text appended to `auth_required`: how a person logs in (`run \`mono-agent mcp login x\``). */
  loginHint: string;
  fetch?: FetchLike;
}

/**
 * A fetch for the MCP transports that authorizes the MCP way: the access token as a bearer on every
 * request; on a 401, or a 403 `insufficient_scope` (step-up), the SDK's `auth()` (discovery, client
 * registration or the metadata document, refresh, PKCE), then the request once more. Without a person
 * to log in, a server that needs one fails with `auth_required` naming `loginHint`; an OAuth failure is
 * `auth_failed` with the cause. Used instead of the transports' own `authProvider`, which cannot finish
 * a browser flow inside a call.
 */
export function createOAuthFetch(options: OAuthFetchOptions): FetchLike {
  const base: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  let consecutive = 0;
  const authorize = async (
    reason: "expired" | "unauthorized" | "insufficient_scope",
    hints: { resourceMetadataUrl?: URL; scope?: string },
  ) => {
    consecutive += 1;
    // Without a person to log in, only a refresh can help: a server never seen, or one asking for more
    // scopes, is refused before any request reaches its authorization server (no registration per run).
    const tokens = await options.provider.tokens();
    if (
      !options.unattended &&
      options.login === undefined &&
      (reason === "insufficient_scope" || tokens?.refresh_token === undefined)
    )
      throw authRequired(options, hints.scope);
    // A refresh keeps the old scopes: a step-up needs a new authorization.
    if (reason === "insufficient_scope") options.provider.invalidateCredentials?.("tokens");
    // A token the server refused may be from an authorization server it no longer trusts (SEP-2352): look
    // its protected resource metadata up again. Credentials are bound to their issuer, so those of the old
    // one are never shown to a new one, which gets a registration of its own.
    if (reason === "unauthorized" && tokens !== undefined)
      options.provider.invalidateCredentials?.("discovery");
    const request = {
      serverUrl: options.serverUrl,
      fetchFn: base,
      ...(hints.resourceMetadataUrl ? { resourceMetadataUrl: hints.resourceMetadataUrl } : {}),
      ...(hints.scope ? { scope: hints.scope } : {}),
    };
    try {
      let result = await auth(options.provider, request);
      const code = result === "REDIRECT" ? options.login?.takeCode() : undefined;
      if (result === "REDIRECT" && code !== undefined)
        result = await auth(options.provider, { ...request, authorizationCode: code });
      if (result !== "AUTHORIZED") {
        // The SDK clears a refresh token the authorization server refused (invalid_grant); say so once.
        const refreshRefused =
          tokens?.refresh_token !== undefined && (await options.provider.tokens()) === undefined;
        throw refreshRefused ? loginExpired(options) : authRequired(options, hints.scope);
      }
    } catch (error) {
      if (McpBridgeError.isInstance(error)) throw error;
      throw new McpBridgeError(
        "auth_failed",
        `MCP server "${options.serverName}" could not be authorized: ${error instanceof Error ? error.message : String(error)}.`,
        { cause: error },
      );
    }
  };
  const send = async (input: string | URL, init: RequestInit | undefined) => {
    const headers = new Headers(init?.headers);
    const tokens = await options.provider.tokens();
    if (tokens) headers.set("Authorization", `Bearer ${tokens.access_token}`);
    return base(input, { ...init, headers });
  };
  return async (input, init) => {
    const tokens = await options.provider.tokens();
    if (tokens?.refresh_token && options.provider.tokensExpired?.()) await authorize("expired", {});
    let response = await send(input, init);
    while (needsAuthorization(response) && consecutive < MAX_CONSECUTIVE_AUTHORIZATIONS) {
      const { resourceMetadataUrl, scope } = extractWWWAuthenticateParams(response);
      await response.body?.cancel().catch(() => {});
      await authorize(response.status === 403 ? "insufficient_scope" : "unauthorized", {
        ...(resourceMetadataUrl ? { resourceMetadataUrl } : {}),
        ...(scope ? { scope } : {}),
      });
      response = await send(input, init);
    }
    if (!needsAuthorization(response)) consecutive = 0;
    return response;
  };
}

function needsAuthorization(response: Response): boolean {
  if (response.status === 401) return true;
  if (response.status !== 403) return false;
  return extractWWWAuthenticateParams(response).error === "insufficient_scope";
}

function loginExpired(options: OAuthFetchOptions): McpBridgeError {
  return new McpBridgeError(
    "auth_required",
    `MCP server "${options.serverName}" refused the stored login (its refresh token is no longer valid), so it was cleared; log in again: ${options.loginHint}.`,
  );
}

function authRequired(options: OAuthFetchOptions, scope: string | undefined): McpBridgeError {
  const what = scope ? `a login with the scope "${scope}"` : "a login";
  return new McpBridgeError(
    "auth_required",
    `MCP server "${options.serverName}" needs ${what}: ${options.loginHint}.`,
  );
}
