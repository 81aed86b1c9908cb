/**
 * OAuth settings of a remote server as the run uses them. Structurally the `ResolvedOAuthSettings`
 * of `@mono-agent/config` (`$env` values already read).
 */
export interface RunOAuthSettings {
  grant: "authorization_code" | "client_credentials";
  clientId?: string;
  clientSecret?: string;
  /** PEM key for private_key_jwt client authentication (client credentials). */
  privateKey?: string;
  signingAlgorithm?: string;
  scope?: string;
  /** HTTPS URL of the host's Client ID Metadata Document (SEP-991). */
  clientMetadataUrl?: string;
}
