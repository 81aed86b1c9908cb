import { resolve } from "node:path";
import { appendJsonPath } from "./json-path.js";
import type { DeclaredMcpServer, EnvRecord } from "./loaded-config.js";
import { MonoAgentConfigError } from "./mono-agent-config-error.js";
import { setOwnProperty } from "./set-own-property.js";
import { type ConfigValue, isEnvReference, resolveEnvReference } from "./schema/env-reference-schema.js";
import {
  DEFAULT_CONNECT_TIMEOUT_MS,
  isStdioServerSpec,
  type McpProtocolVersionSetting,
} from "./schema/mcp-server-spec-schema.js";
import type { OAuthSettings } from "./schema/oauth-schema.js";

/** Per-server options after defaults. */
export interface ResolvedServerOptions {
  timeoutMs?: number;
  connectTimeoutMs: number;
  includeTools?: string[];
  excludeTools?: string[];
  protocolVersion?: McpProtocolVersionSetting;
}

/** A server ready to connect: `$env` values read, `cwd` absolute, transport decided (`auto` = HTTP then SSE). */
export type ResolvedMcpServer =
  | {
      name: string;
      transport: "stdio";
      command: string;
      args: string[];
      env: Record<string, string>;
      cwd?: string;
      options: ResolvedServerOptions;
    }
  | {
      name: string;
      transport: "http" | "sse" | "auto";
      url: string;
      headers: Record<string, string>;
      /** OAuth settings with `$env` values read; `false` never authorizes; absent: the spec's defaults. */
      oauth?: ResolvedOAuthSettings | false;
      options: ResolvedServerOptions;
    };

/** `oauth` of a remote server after `$env` values are read. */
export interface ResolvedOAuthSettings {
  grant: "authorization_code" | "client_credentials";
  clientId?: string;
  clientSecret?: string;
  privateKey?: string;
  signingAlgorithm?: string;
  scope?: string;
  clientMetadataUrl?: string;
}

function resolveValues(
  server: DeclaredMcpServer,
  field: "env" | "headers" | "oauth",
  values: Record<string, ConfigValue> | undefined,
  env: EnvRecord,
): Record<string, string> {
  const resolved: Record<string, string> = {};
  for (const [name, value] of Object.entries(values ?? {})) {
    if (!isEnvReference(value)) {
      setOwnProperty(resolved, name, value);
      continue;
    }
    const text = resolveEnvReference(value, env);
    if (text === undefined) {
      const jsonPath = appendJsonPath(server.origin.jsonPath, [field, name, "$env"]);
      const message = `MCP server ${JSON.stringify(server.name)} (${server.origin.file} at ${jsonPath}): ${field} entry ${JSON.stringify(name)} reads the environment variable ${value.$env}, which is not set; accepted: export ${value.$env} or add it to the .env file.`;
      throw new MonoAgentConfigError("env_reference_missing", message, {
        file: server.origin.file,
        jsonPath,
      });
    }
    setOwnProperty(resolved, name, text);
  }
  return resolved;
}

/**
 * Turns a declared server into what a transport needs, reading `{ "$env": "NAME" }` values from `env`
 * (the host-resolved env at run start). Throws `env_reference_missing` naming the server, field and variable.
 */
export function resolveMcpServer(
  server: DeclaredMcpServer,
  env: EnvRecord,
  workspaceDir: string,
): ResolvedMcpServer {
  const { spec } = server;
  const options: ResolvedServerOptions = {
    connectTimeoutMs: spec.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    ...(spec.timeoutMs === undefined ? {} : { timeoutMs: spec.timeoutMs }),
    ...(spec.includeTools === undefined ? {} : { includeTools: [...spec.includeTools] }),
    ...(spec.excludeTools === undefined ? {} : { excludeTools: [...spec.excludeTools] }),
    ...(spec.protocolVersion === undefined ? {} : { protocolVersion: spec.protocolVersion }),
  };
  if (isStdioServerSpec(spec)) {
    return {
      name: server.name,
      transport: "stdio",
      command: spec.command,
      args: [...(spec.args ?? [])],
      env: resolveValues(server, "env", spec.env, env),
      ...(spec.cwd === undefined ? {} : { cwd: resolve(workspaceDir, spec.cwd) }),
      options,
    };
  }
  return {
    name: server.name,
    transport: spec.type ?? "auto",
    url: spec.url,
    headers: resolveValues(server, "headers", spec.headers, env),
    ...(spec.oauth === undefined ? {} : { oauth: resolveOAuth(server, spec.oauth, env) }),
    options,
  };
}

function resolveOAuth(
  server: DeclaredMcpServer,
  oauth: OAuthSettings | false,
  env: EnvRecord,
): ResolvedOAuthSettings | false {
  if (oauth === false) return false;
  const secrets: Record<string, ConfigValue> = {};
  if (oauth.clientSecret !== undefined) secrets["clientSecret"] = oauth.clientSecret;
  if (oauth.privateKey !== undefined) secrets["privateKey"] = oauth.privateKey;
  const resolved = resolveValues(server, "oauth", secrets, env);
  return {
    grant: oauth.grant ?? "authorization_code",
    ...(oauth.clientId === undefined ? {} : { clientId: oauth.clientId }),
    ...(resolved["clientSecret"] === undefined ? {} : { clientSecret: resolved["clientSecret"] }),
    ...(resolved["privateKey"] === undefined ? {} : { privateKey: resolved["privateKey"] }),
    ...(oauth.signingAlgorithm === undefined ? {} : { signingAlgorithm: oauth.signingAlgorithm }),
    ...(oauth.scope === undefined ? {} : { scope: oauth.scope }),
    ...(oauth.clientMetadataUrl === undefined ? {} : { clientMetadataUrl: oauth.clientMetadataUrl }),
  };
}
