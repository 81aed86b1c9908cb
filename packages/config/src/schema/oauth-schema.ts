import * as z from "zod";
import { type ConfigValue, configValueSchema } from "./env-reference-schema.js";

/**
 * OAuth 2.1 settings of a remote server (the MCP authorization spec). Without an `oauth` key a remote
 * server that answers 401 is authorized the spec's way: protected resource and authorization server
 * metadata discovery, a Client ID Metadata Document when `clientMetadataUrl` is set and the server
 * supports it, dynamic client registration otherwise, PKCE (S256), refresh tokens.
 */
export interface OAuthSettings {
  /**
   * `authorization_code` (default): a person logs in once with `mono-agent mcp login <server>`.
   * `client_credentials`: an unattended host authenticates as itself with `clientId` and
   * `clientSecret` (client_secret_basic) or `privateKey` (private_key_jwt); no login.
   */
  grant?: "authorization_code" | "client_credentials";
  /** A client registered beforehand with the authorization server (no dynamic registration). */
  clientId?: string;
  /** The pre-registered client's secret, usually `{ "$env": "NAME" }`. */
  clientSecret?: ConfigValue;
  /** PEM private key for private_key_jwt client authentication (client credentials), usually `$env`. */
  privateKey?: ConfigValue;
  /** JWS algorithm of `privateKey` (default ES256 for EC keys, RS256 for RSA keys). */
  signingAlgorithm?: string;
  /** Space-separated scopes to ask for when the server names none (WWW-Authenticate, then its metadata, win). */
  scope?: string;
  /** HTTPS URL of this host's Client ID Metadata Document, used as client_id where the server supports it. */
  clientMetadataUrl?: string;
}

/** An https:// URL with a path, as SEP-991 requires of a client metadata document. */
const clientMetadataUrlSchema = z
  .url({ protocol: /^https$/, error: "expected an https:// URL of the client metadata document" })
  .refine((value) => new URL(value).pathname !== "/", {
    error: "expected an https:// URL with a path, e.g. https://example.com/oauth/client.json",
  });

export const oauthSettingsSchema = z
  .strictObject({
    grant: z
      .enum(["authorization_code", "client_credentials"])
      .optional()
      .describe(
        '"authorization_code" (default: log in once with mono-agent mcp login) or "client_credentials" (unattended hosts).',
      ),
    clientId: z.string().min(1).optional().describe("client_id of a client registered beforehand."),
    clientSecret: configValueSchema.optional().describe('Its secret; use { "$env": "NAME" }.'),
    privateKey: configValueSchema
      .optional()
      .describe('PEM key for private_key_jwt (client credentials); use { "$env": "NAME" }.'),
    signingAlgorithm: z
      .string()
      .regex(/^(ES|RS|PS)(256|384|512)$|^EdDSA$/, {
        error: "expected a JWS algorithm such as ES256 or RS256",
      })
      .optional()
      .describe("JWS algorithm of privateKey (ES256, RS256, ...)."),
    scope: z
      .string()
      .min(1)
      .optional()
      .describe("Scopes to request when the server names none (space-separated)."),
    clientMetadataUrl: clientMetadataUrlSchema
      .optional()
      .describe("HTTPS URL of this host's Client ID Metadata Document (used instead of registration)."),
  })
  .superRefine((value, context) => {
    if (value.grant !== "client_credentials") {
      if (value.privateKey !== undefined)
        context.addIssue({
          code: "custom",
          path: ["privateKey"],
          message: 'privateKey is used with "grant": "client_credentials" only',
        });
      return;
    }
    if (value.clientId === undefined)
      context.addIssue({
        code: "custom",
        path: ["clientId"],
        message: 'client credentials need "clientId" with "clientSecret" or "privateKey"',
      });
    if ((value.clientSecret === undefined) === (value.privateKey === undefined))
      context.addIssue({
        code: "custom",
        path: ["clientSecret"],
        message: 'client credentials need exactly one of "clientSecret" and "privateKey"',
      });
  })
  .describe(
    "OAuth 2.1 for this server: grant, a pre-registered client, scopes, the client metadata document URL.",
  );

/** `oauth` of a remote server: the settings, or `false` for a server that must never be sent through OAuth. */
export const remoteOAuthSchema = z
  .union([z.literal(false), oauthSettingsSchema])
  .describe("OAuth settings, or false to never authorize this server (a 401 then just fails it).");
