import { createHash } from "node:crypto";
import { isRunId, logicalConversationId, RUN_ID_FORM, RUN_ID_PATTERN } from "@mono-agent/ids";
import { McpEnvError } from "./mcp-env-error.js";

/** Run ids exposed to MCP servers are path-safe (SPEC §0; the rule lives in @mono-agent/ids). */
export { RUN_ID_PATTERN };

/** Longest readable part of a conversation directory name, in characters (the hash keeps it unique). */
export const CONVERSATION_DIRECTORY_READABLE_CHARACTERS = 64;

/** Hex characters of SHA-256 appended to a conversation directory name: 64 bits, collisions negligible. */
const CONVERSATION_DIRECTORY_HASH_CHARACTERS = 16;

/** Throws `invalid_run_id` unless `runId` is path-safe. */
export function assertRunId(runId: unknown): asserts runId is string {
  if (!isRunId(runId)) {
    throw new McpEnvError(
      "invalid_run_id",
      `run id ${JSON.stringify(runId)} is not accepted: ${RUN_ID_FORM}`,
    );
  }
}

/** The logical conversation behind a daily bucket: `telegram:42#2026-07-12` → `telegram:42`. */
export function stripRolloverBucket(conversationId: string): string {
  return logicalConversationId(conversationId);
}

/**
 * A directory name for a conversation id: its path-safe characters (others become `_`) and a hash of
 * the full id, e.g. `cli_default-3a7bd3e2360a3d29`. Distinct ids give distinct names.
 */
export function conversationDirectoryName(conversationId: string): string {
  const readable = conversationId
    .replace(/[^A-Za-z0-9._-]/g, "_")
    .replace(/^[._-]+/, "")
    .slice(0, CONVERSATION_DIRECTORY_READABLE_CHARACTERS);
  const hash = createHash("sha256")
    .update(conversationId)
    .digest("hex")
    .slice(0, CONVERSATION_DIRECTORY_HASH_CHARACTERS);
  return `${readable || "conversation"}-${hash}`;
}
