import type { OAuthDiscoveryState } from "@modelcontextprotocol/sdk/client/auth.js";
import type { OAuthClientInformationMixed, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";

/**
 * What a host keeps of one server's OAuth authorization, per server name and per resource (the server
 * URL): the client registration, the tokens, the discovery result. Everything in it is a secret of
 * the host: keep it out of the model's reach (a 0600 file under the host state, see
 * `createFileMcpAuthStore` of `@mono-agent/mcp-bridge/node`).
 */
export interface McpAuthRecord {
  serverName: string;
  /** The server URL the authorization is for (the RFC 8707 resource the tokens were issued for). */
  resource: string;
  /**
   * The client as registered (dynamic registration, a metadata document URL, or pre-registered), with the
   * `issuer` of the authorization server it belongs to: it is never presented to another one.
   */
  clientInformation?: OAuthClientInformationMixed;
  /** The tokens, with the `issuer` that gave them: another authorization server never sees them. */
  tokens?: OAuthTokens;
  /** When `tokens` were saved (ms since the epoch), so `expires_in` tells when they expire. */
  tokensSavedAt?: number;
  /** Metadata discovery of the last authorization, so later ones skip it. */
  discovery?: OAuthDiscoveryState;
  /** The loopback redirect URI used at login (registered with the client; reused by the next login). */
  redirectUri?: string;
}

/** Where a host keeps {@link McpAuthRecord}s. Reads and writes are synchronous and each write is whole. */
export interface McpAuthStore {
  read(serverName: string, resource: string): McpAuthRecord | undefined;
  write(record: McpAuthRecord): void;
  /** Forgets every record of a server (all resources); returns how many were removed. */
  remove(serverName: string): number;
  list(): McpAuthRecord[];
}

/** A store that lives as long as the process (tests, hosts that never keep tokens). */
export function createMemoryMcpAuthStore(): McpAuthStore {
  const records = new Map<string, McpAuthRecord>();
  const key = (serverName: string, resource: string) => `${serverName}\u0000${resource}`;
  return {
    read: (serverName, resource) => structuredClone(records.get(key(serverName, resource))),
    write: (record) => {
      records.set(key(record.serverName, record.resource), structuredClone(record));
    },
    remove: (serverName) => {
      let removed = 0;
      for (const [name, record] of records)
        if (record.serverName === serverName && records.delete(name)) removed += 1;
      return removed;
    },
    list: () => [...records.values()].map((record) => structuredClone(record)),
  };
}
