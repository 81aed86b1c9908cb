import { z } from "zod";
import { envVarNameSchema } from "./env-reference-schema.js";
import { filesystemSchema } from "./filesystem-schema.js";
import { mcpServerNameSchema } from "./mcp-server-name.js";
import { mcpServerSpecSchema } from "./mcp-server-spec-schema.js";
import { MAX_TIMEOUT_MS, timeoutMsSchema } from "./timeout-ms-schema.js";

/** Idle timeout of one MCP call (progress resets it): 2 minutes, the v0 default. */
export const DEFAULT_MCP_CALL_TIMEOUT_MS = 120_000;
/** Hard wall-clock cap of one MCP call (progress cannot extend it): 45 minutes, the v0 default. */
export const DEFAULT_MCP_CALL_MAX_TOTAL_TIMEOUT_MS = 2_700_000;

const nameListSchema = z.array(z.string().min(1));

export const toolsSchema = z
  .strictObject({
    allowedTools: nameListSchema
      .optional()
      .describe(
        'Allowlist of built-in and policy-gated app-owned tools. Omitted or ["*"] = allow all; [] = no tools. Does not gate external MCP tools. Env MONO_AGENT_ALLOWED_TOOLS.',
      ),
    disallowedTools: nameListSchema
      .default([])
      .describe("Denylist; deny always wins. Env MONO_AGENT_DISALLOWED_TOOLS. Default []."),
    mcpConfigPath: z
      .string()
      .min(1)
      .optional()
      .describe(
        "Path to an mcp.json, resolved against the workspace (runtime.workspace), not the config file. Env MONO_AGENT_MCP_CONFIG_PATH.",
      ),
    mcpServers: z
      .record(mcpServerNameSchema, mcpServerSpecSchema)
      .optional()
      .describe("Inline MCP servers keyed by name; same per-server schema as mcp.json."),
    mcpRequestContextServers: z
      .array(mcpServerNameSchema)
      .default([])
      .describe(
        "stdio server names that receive trusted per-run request context. Env MONO_AGENT_MCP_REQUEST_CONTEXT_SERVERS. Default [].",
      ),
    continuationServers: z
      .array(mcpServerNameSchema)
      .default([])
      .describe(
        "stdio or loopback-HTTP server names that may claim durable continuations. Env MONO_AGENT_CONTINUATION_SERVERS. Default [].",
      ),
    mcpCallTimeoutMs: timeoutMsSchema
      .default(DEFAULT_MCP_CALL_TIMEOUT_MS)
      .describe(
        `Idle timeout of one MCP call in ms (1..${MAX_TIMEOUT_MS}); progress resets it. Env MONO_AGENT_MCP_CALL_TIMEOUT_MS. Default ${DEFAULT_MCP_CALL_TIMEOUT_MS}.`,
      ),
    mcpCallMaxTotalTimeoutMs: timeoutMsSchema
      .default(DEFAULT_MCP_CALL_MAX_TOTAL_TIMEOUT_MS)
      .describe(
        `Hard cap of one MCP call in ms (1..${MAX_TIMEOUT_MS}). Env MONO_AGENT_MCP_CALL_MAX_TOTAL_TIMEOUT_MS. Default ${DEFAULT_MCP_CALL_MAX_TOTAL_TIMEOUT_MS}.`,
      ),
    mcpEnvPassthrough: z
      .array(envVarNameSchema)
      .default([])
      .describe("Names of host env variables passed to every stdio server. Default []."),
    filesystem: filesystemSchema.optional(),
  })
  .describe("Tool policy and MCP servers.");
