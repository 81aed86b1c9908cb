import * as z from "zod";
import { approvalSchema } from "./approval-schema.js";
import { envVarNameSchema } from "./env-reference-schema.js";
import { filesystemSchema } from "./filesystem-schema.js";
import { mcpServerNameSchema } from "./mcp-server-name.js";
import { mcpServerSpecSchema } from "./mcp-server-spec-schema.js";
import { skillsSchema } from "./skills-schema.js";
import { MAX_TIMEOUT_MS, timeoutMsSchema } from "./timeout-ms-schema.js";
import { webSearchSchema } from "./web-search-schema.js";

/** Idle timeout of one MCP call (progress resets it): 2 minutes, the v0 default. */
export const DEFAULT_MCP_CALL_TIMEOUT_MS = 120_000;
/** Hard wall-clock cap of one MCP call (progress cannot extend it): 45 minutes, the v0 default. */
export const DEFAULT_MCP_CALL_MAX_TOTAL_TIMEOUT_MS = 2_700_000;

/**
 * How long the first model call of a run waits for MCP servers still connecting: 10 s. A Node stdio
 * server connects in about 0.2 s on an idle machine and a remote one in tens of ms
 * (shared/reference/pi-and-mcp-sdk-notes.md §5), but one started through `npx` / `uvx` takes 1-5 s and a
 * loaded machine multiplies that (2.8 s for a plain Node fixture at load 13 here): 10 s keeps those on
 * the first turn, where a one-question run needs them, while a really slow one (a download, a docker
 * pull, a dead host) joins from the next turn instead of holding the answer for its 30 s connect timeout.
 */
export const DEFAULT_MCP_STARTUP_GRACE_MS = 10_000;
/**
 * How long a run waits for an MCP task of a `tools.continuationServers` server before handing it off
 * (default 60 s: a chat turn that waits longer for a tool reads as hung; the task then continues and
 * is delivered later).
 */
export const DEFAULT_MCP_TASK_HANDOFF_AFTER_MS = 60_000;

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
    mcpTaskHandoffAfterMs: z
      .number()
      .int({ error: "expected a whole number of milliseconds" })
      .min(0, { error: "expected 0 or more milliseconds" })
      .max(MAX_TIMEOUT_MS, { error: `expected at most ${MAX_TIMEOUT_MS} milliseconds` })
      .default(DEFAULT_MCP_TASK_HANDOFF_AFTER_MS)
      .describe(
        `How long a run waits for an MCP task of a tools.continuationServers server, in ms (0..${MAX_TIMEOUT_MS}); a task still working then continues after the run and its result is delivered into the conversation through a continuation. Default ${DEFAULT_MCP_TASK_HANDOFF_AFTER_MS}.`,
      ),
    mcpEnvPassthrough: z
      .array(envVarNameSchema)
      .default([])
      .describe("Names of host env variables passed to every stdio server. Default []."),
    filesystem: filesystemSchema.optional(),
    approval: approvalSchema.prefault({}),
    webSearch: webSearchSchema.optional(),
    skills: skillsSchema.prefault({}),
  })
  .describe("Tool policy and MCP servers.");
