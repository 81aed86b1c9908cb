import { z } from "zod";
import { approvalSchema } from "./approval-schema.js";
import { envVarNameSchema } from "./env-reference-schema.js";
import { filesystemSchema } from "./filesystem-schema.js";
import { mcpServerNameSchema } from "./mcp-server-name.js";
import { mcpServerSpecSchema } from "./mcp-server-spec-schema.js";
import { MAX_TIMEOUT_MS, timeoutMsSchema } from "./timeout-ms-schema.js";

/** Idle timeout of one MCP call (progress resets it): 2 minutes, the v0 default. */
export const DEFAULT_MCP_CALL_TIMEOUT_MS = 120_000;
/** Hard wall-clock cap of one MCP call (progress cannot extend it): 45 minutes, the v0 default. */
export const DEFAULT_MCP_CALL_MAX_TOTAL_TIMEOUT_MS = 2_700_000;

/**
 * How long the first model call of a run waits for MCP servers still connecting: 2 s. A Node stdio
 * server connects in about 0.2 s and a remote one in tens of ms (shared/reference/pi-and-mcp-sdk-notes.md
 * §5), so 2 s lets ordinary servers be offered on the first turn while a slow one (npx downloading,
 * docker pulling) joins from the next turn instead of holding every answer back.
 */
export const DEFAULT_MCP_STARTUP_GRACE_MS = 2_000;

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
    mcpStartupGraceMs: z
      .number()
      .int({ error: "expected a whole number of milliseconds" })
      .min(0, { error: "expected 0 or more milliseconds" })
      .max(MAX_TIMEOUT_MS, { error: `expected at most ${MAX_TIMEOUT_MS} milliseconds` })
      .default(DEFAULT_MCP_STARTUP_GRACE_MS)
      .describe(
        `How long the first model call waits for MCP servers still connecting, in ms (0..${MAX_TIMEOUT_MS}); a server that connects later joins from the next turn. Env MONO_AGENT_MCP_STARTUP_GRACE_MS. Default ${DEFAULT_MCP_STARTUP_GRACE_MS}.`,
      ),
    mcpEnvPassthrough: z
      .array(envVarNameSchema)
      .default([])
      .describe("Names of host env variables passed to every stdio server. Default []."),
    filesystem: filesystemSchema.optional(),
    approval: approvalSchema.prefault({}),
  })
  .describe("Tool policy and MCP servers.");
