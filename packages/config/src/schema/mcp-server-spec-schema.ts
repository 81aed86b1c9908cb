import * as z from "zod";
import { type ConfigValue, configValueSchema } from "./env-reference-schema.js";
import { httpUrlSchema } from "./http-url-schema.js";
import { type OAuthSettings, remoteOAuthSchema } from "./oauth-schema.js";
import { MAX_TIMEOUT_MS, timeoutMsSchema } from "./timeout-ms-schema.js";

/** Default time to wait for a server to connect and list its tools: 30 s, long enough for `npx -y` to fetch a package. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;

/** Options every server spec accepts, whatever its transport. */
export interface McpServerOptions {
  /** `false` keeps the declaration but does not start the server. Default `true`. */
  enabled?: boolean;
  /** Per-call timeout for this server's tools, in ms; defaults to `tools.mcpCallTimeoutMs`. */
  timeoutMs?: number;
  /** Time to connect and list tools, in ms. Default {@link DEFAULT_CONNECT_TIMEOUT_MS}. */
  connectTimeoutMs?: number;
  /** Only offer tools whose name matches one of these globs (`*`, `?`). */
  includeTools?: string[];
  /** Never offer tools whose name matches one of these globs (`*`, `?`). */
  excludeTools?: string[];
  /**
   * The MCP protocol revision to speak: `auto` (default) asks with `server/discover` (2026-07-28) and falls
   * back to `initialize` (2025-11-25); `"2025-11-25"` never probes; `"2026-07-28"` never falls back.
   */
  protocolVersion?: McpProtocolVersionSetting;
}

/** The values of a server's `protocolVersion`. */
export const MCP_PROTOCOL_VERSION_SETTINGS = ["auto", "2025-11-25", "2026-07-28"] as const;
export type McpProtocolVersionSetting = (typeof MCP_PROTOCOL_VERSION_SETTINGS)[number];

/** A child process the runtime spawns and talks to over stdin/stdout. */
export interface StdioServerSpec extends McpServerOptions {
  type?: "stdio";
  command: string;
  args?: string[];
  env?: Record<string, ConfigValue>;
  /** Working directory of the child, relative to the workspace. */
  cwd?: string;
}

/** A remote server over streamable HTTP (`"http"`), SSE (`"sse"`), or HTTP with SSE fallback (no type). */
export interface RemoteServerSpec extends McpServerOptions {
  type?: "http" | "sse";
  url: string;
  headers?: Record<string, ConfigValue>;
  /** OAuth 2.1 settings; `false` never authorizes the server. Default: authorize on a 401 the spec's way. */
  oauth?: OAuthSettings | false;
}

export type McpServerSpec = StdioServerSpec | RemoteServerSpec;

export function isStdioServerSpec(spec: McpServerSpec): spec is StdioServerSpec {
  return "command" in spec && typeof spec.command === "string";
}

const toolGlobListSchema = z.array(z.string().min(1));

const serverOptionsShape = {
  enabled: z
    .boolean()
    .optional()
    .describe("false keeps the declaration but does not start the server. Default true."),
  timeoutMs: timeoutMsSchema
    .optional()
    .describe(
      `Per-call timeout for this server's tools in ms (1..${MAX_TIMEOUT_MS}). Default: tools.mcpCallTimeoutMs.`,
    ),
  connectTimeoutMs: timeoutMsSchema
    .optional()
    .describe(
      `Time to connect and list tools in ms (1..${MAX_TIMEOUT_MS}). Default ${DEFAULT_CONNECT_TIMEOUT_MS}.`,
    ),
  includeTools: toolGlobListSchema
    .optional()
    .describe("Only offer tools matching one of these globs (* and ?)."),
  excludeTools: toolGlobListSchema
    .optional()
    .describe("Never offer tools matching one of these globs (* and ?)."),
  protocolVersion: z
    .enum(MCP_PROTOCOL_VERSION_SETTINGS)
    .optional()
    .describe(
      'MCP protocol revision: "auto" (default: probe 2026-07-28, fall back to 2025-11-25), "2025-11-25" (never probe) or "2026-07-28" (no fallback).',
    ),
};

export const stdioServerSpecSchema = z
  .strictObject({
    type: z.literal("stdio").optional().describe('Optional; "stdio" is implied by command.'),
    command: z
      .string()
      .min(1, { error: "expected a non-empty command" })
      .describe("Executable to spawn, e.g. npx."),
    args: z.array(z.string()).optional().describe("Arguments passed to the command."),
    env: z
      .record(z.string(), configValueSchema)
      .optional()
      .describe('Extra environment for the child: literal strings or { "$env": "NAME" }.'),
    cwd: z.string().min(1).optional().describe("Working directory of the child, relative to the workspace."),
    ...serverOptionsShape,
  })
  .describe("stdio server: a child process spoken to over stdin/stdout.");

export const remoteServerSpecSchema = z
  .strictObject({
    type: z
      .enum(["http", "sse"])
      .optional()
      .describe('"http" (streamable HTTP) or "sse". Omitted: streamable HTTP first, SSE as fallback.'),
    url: httpUrlSchema.describe("http:// or https:// endpoint of the server."),
    headers: z
      .record(z.string(), configValueSchema)
      .optional()
      .describe('HTTP headers: literal strings or { "$env": "NAME" }. Keep credentials out of the file.'),
    oauth: remoteOAuthSchema.optional(),
    ...serverOptionsShape,
  })
  .describe("Remote server over streamable HTTP or SSE.");

/** One server declaration, in mcp.json or in `tools.mcpServers`. */
export const mcpServerSpecSchema = z
  .union([stdioServerSpecSchema, remoteServerSpecSchema])
  .describe("An MCP server: { command, args?, env?, cwd? } (stdio) or { url, headers?, type? } (HTTP/SSE).");

/** The accepted forms, as shown when a spec has both `command` and `url`, or neither. */
export const MCP_SERVER_SPEC_FORMS =
  '{ "command": "...", "args"?: [...], "env"?: {...}, "cwd"?: "..." } for a stdio server, or { "url": "https://...", "headers"?: {...}, "type"?: "http" | "sse" } for a remote server';
