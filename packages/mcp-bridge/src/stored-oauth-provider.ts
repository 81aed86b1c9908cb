import type { OAuthClientProvider, OAuthDiscoveryState } from "@modelcontextprotocol/sdk/client/auth.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { metadataIssuerMismatch } from "./check-authorization-issuer.js";
import type { McpAuthRecord, McpAuthStore } from "./mcp-auth-store.js";
import { McpBridgeError } from "./mcp-bridge-error.js";
import type { RunOAuthSettings } from "./run-oauth.js";

/**
 * Redirect URI registered when no login has chosen one yet. A run never opens a browser: the URI only
 * has to be a valid loopback URI (RFC 8252 §7.3) so the authorization-code machinery can be set up.
 */
export const PLACEHOLDER_REDIRECT_URI = "http://127.0.0.1/callback";

/** What the provider does when the server wants a person to authorize in a browser. */
export type AuthorizationHandler = (authorizationUrl: URL) => Promise<void>;

/**
 * The authorization-code OAuth provider of one server, over a host's {@link McpAuthStore}: client
 * information, tokens and discovery are read from and written to the store at once (a refreshed token
 * survives the process); the PKCE verifier stays in memory (one flow, one process).
 */
export class StoredOAuthProvider implements OAuthClientProvider {
  readonly #store: McpAuthStore;
  readonly #serverName: string;
  readonly #resource: string;
  readonly #settings: RunOAuthSettings;
  readonly #redirectUri: string | undefined;
  readonly #onAuthorization: AuthorizationHandler;
  #codeVerifier: string | undefined;
  readonly clientMetadataUrl?: string;

  constructor(options: {
    store: McpAuthStore;
    serverName: string;
    resource: string;
    settings: RunOAuthSettings;
    /** The loopback callback of a login in progress; absent in a run (the stored one is used). */
    redirectUri?: string;
    onAuthorization: AuthorizationHandler;
  }) {
    this.#store = options.store;
    this.#serverName = options.serverName;
    this.#resource = options.resource;
    this.#settings = options.settings;
    this.#redirectUri = options.redirectUri;
    this.#onAuthorization = options.onAuthorization;
    if (options.settings.clientMetadataUrl !== undefined)
      this.clientMetadataUrl = options.settings.clientMetadataUrl;
  }

  get redirectUrl(): string {
    return this.#redirectUri ?? this.#record().redirectUri ?? PLACEHOLDER_REDIRECT_URI;
  }

  get clientMetadata(): OAuthClientMetadata & { application_type: "native" } {
    return {
      client_name: "mono-agent",
      // SEP-837: a host on a loopback redirect is a native application (OpenID Connect DCR §2).
      application_type: "native",
      // A refresh token keeps a login alive across days (SEP-2207).
      grant_types: ["authorization_code", "refresh_token"],
      redirect_uris: [this.redirectUrl],
      ...(this.#settings.scope === undefined ? {} : { scope: this.#settings.scope }),
    };
  }

  state(): string {
    return globalThis.crypto.randomUUID();
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    const stored = this.#record().clientInformation;
    const preRegistered = this.#settings.clientId;
    if (preRegistered === undefined) return stored;
    // A pre-registered client wins over any stored registration of another client id.
    if (stored?.client_id === preRegistered) return stored;
    return {
      client_id: preRegistered,
      ...(this.#settings.clientSecret === undefined ? {} : { client_secret: this.#settings.clientSecret }),
    };
  }

  saveClientInformation(clientInformation: OAuthClientInformationMixed): void {
    this.#update({ clientInformation, ...(this.#redirectUri ? { redirectUri: this.#redirectUri } : {}) });
  }

  tokens(): OAuthTokens | undefined {
    return this.#record().tokens;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.#update({ tokens, tokensSavedAt: Date.now() });
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.#record().discovery;
  }

  /**
   * Keeps the discovery result, after checking that the authorization server metadata names the issuer
   * it was looked up for: metadata of another issuer is refused before any endpoint of it is used.
   */
  saveDiscoveryState(state: OAuthDiscoveryState): void {
    const mismatch = metadataIssuerMismatch(state);
    if (mismatch !== undefined)
      throw new McpBridgeError(
        "auth_failed",
        `MCP server "${this.#serverName}" could not be authorized: ${mismatch}.`,
      );
    this.#update({ discovery: state });
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    await this.#onAuthorization(authorizationUrl);
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.#codeVerifier = codeVerifier;
  }

  codeVerifier(): string {
    if (this.#codeVerifier === undefined) throw new Error("no PKCE code verifier: start the login again");
    return this.#codeVerifier;
  }

  invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): void {
    if (scope === "verifier") {
      this.#codeVerifier = undefined;
      return;
    }
    const record = this.#record();
    if (scope === "all" || scope === "tokens") delete record.tokens;
    if (scope === "all" || scope === "client") delete record.clientInformation;
    if (scope === "all" || scope === "discovery") delete record.discovery;
    this.#store.write(record);
  }

  /** True when the stored access token is past its `expires_in` (false when it has no expiry). */
  tokensExpired(now = Date.now()): boolean {
    const { tokens, tokensSavedAt } = this.#record();
    if (tokens?.expires_in === undefined || tokensSavedAt === undefined) return false;
    return now >= tokensSavedAt + tokens.expires_in * 1000;
  }

  #record(): McpAuthRecord {
    return (
      this.#store.read(this.#serverName, this.#resource) ?? {
        serverName: this.#serverName,
        resource: this.#resource,
      }
    );
  }

  #update(patch: Partial<McpAuthRecord>): void {
    this.#store.write({ ...this.#record(), ...patch });
  }
}
