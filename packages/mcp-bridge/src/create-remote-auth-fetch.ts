import {
  ClientCredentialsProvider,
  PrivateKeyJwtProvider,
} from "@modelcontextprotocol/sdk/client/auth-extensions.js";
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  authorizationResponseIssuerMismatch,
  type McpAuthorizationResponse,
} from "./check-authorization-issuer.js";
import type { McpAuthStore } from "./mcp-auth-store.js";
import { McpBridgeError } from "./mcp-bridge-error.js";
import { createOAuthFetch } from "./oauth-fetch.js";
import { requestOfflineAccess } from "./request-offline-access.js";
import type { RunOAuthSettings } from "./run-oauth.js";
import type { RunRemoteServerSpec } from "./run-server-spec.js";
import { StoredOAuthProvider } from "./stored-oauth-provider.js";

/** A browser login the host can run now: `mono-agent mcp login`, or `run --login` at a terminal. */
export interface McpBrowserLogin {
  /** The loopback callback URI the authorization server redirects the browser to. */
  redirectUri: string;
  /**
   * Shows the authorization URL to a person (opens a browser, or prints it for paste-back) and resolves
   * with the `code` and `iss` of the redirect to `redirectUri`, after checking its `state` against the
   * URL's. The bridge checks `iss` against the authorization server's issuer (RFC 9207).
   */
  authorize(serverName: string, authorizationUrl: URL): Promise<McpAuthorizationResponse>;
}

/** How remote servers are authorized in this host. */
export interface McpAuthOptions {
  /** Where client registrations and tokens live (per server and per resource). */
  store: McpAuthStore;
  /** How a person logs in, for `auth_required` messages. Default: "log in to it first". */
  loginHint?: (serverName: string) => string;
  /** Given when a person can log in now; without it a server that needs a login is skipped. */
  login?: McpBrowserLogin;
}

const NO_OAUTH: RunOAuthSettings = { grant: "authorization_code" };

/**
 * The fetch a remote server's transport uses: OAuth per {@link createOAuthFetch}, or undefined when the
 * server is not sent through OAuth (`oauth: false`, an `Authorization` header of its own, or a host
 * without an auth store for an authorization-code server).
 */
export function createRemoteAuthFetch(
  spec: RunRemoteServerSpec,
  auth: McpAuthOptions | undefined,
): FetchLike | undefined {
  if (spec.oauth === false) return undefined;
  if (Object.keys(spec.headers).some((name) => name.toLowerCase() === "authorization")) return undefined;
  const settings = spec.oauth ?? NO_OAUTH;
  const serverUrl = new URL(spec.url);
  const loginHint = auth?.loginHint?.(spec.name) ?? "log in to it first";
  if (settings.grant === "client_credentials") {
    const provider =
      settings.privateKey !== undefined
        ? new PrivateKeyJwtProvider({
            clientId: settings.clientId ?? "",
            privateKey: settings.privateKey,
            algorithm: settings.signingAlgorithm ?? defaultAlgorithm(settings.privateKey),
            ...(settings.scope ? { scope: settings.scope } : {}),
          })
        : new ClientCredentialsProvider({
            clientId: settings.clientId ?? "",
            clientSecret: settings.clientSecret ?? "",
            ...(settings.scope ? { scope: settings.scope } : {}),
          });
    return createOAuthFetch({ provider, serverName: spec.name, serverUrl, loginHint, unattended: true });
  }
  if (auth === undefined) return undefined;
  let code: string | undefined;
  const login = auth.login;
  const provider = new StoredOAuthProvider({
    store: auth.store,
    serverName: spec.name,
    resource: serverUrl.href,
    settings,
    ...(login ? { redirectUri: login.redirectUri } : {}),
    onAuthorization: async (authorizationUrl) => {
      if (!login) return;
      const response = await login.authorize(
        spec.name,
        requestOfflineAccess(authorizationUrl, provider.discoveryState()),
      );
      // The code is never exchanged when the answer may come from another authorization server.
      const mismatch = authorizationResponseIssuerMismatch(response, provider.discoveryState());
      if (mismatch !== undefined)
        throw new McpBridgeError(
          "auth_failed",
          `MCP server "${spec.name}" could not be authorized: ${mismatch}.`,
        );
      code = response.code;
    },
  });
  return createOAuthFetch({
    provider,
    serverName: spec.name,
    serverUrl,
    loginHint,
    ...(login
      ? {
          login: {
            takeCode: () => {
              const taken = code;
              code = undefined;
              return taken;
            },
          },
        }
      : {}),
  });
}

function defaultAlgorithm(privateKey: string): string {
  return privateKey.includes("BEGIN RSA PRIVATE KEY") ? "RS256" : "ES256";
}
