import { createHash } from "node:crypto";
import { McpEnvError } from "./mcp-env-error.js";

/** Run ids exposed to MCP servers are path-safe (SPEC §0). */
export const RUN_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** The daily rollover bucket a conversation id may end with (`telegram:42#2026-07-12`). */
const DAILY_BUCKET_SUFFIX = /#\d{4}-\d{2}-\d{2}$/;

/** Longest readable part of a conversation directory name, in characters (the hash keeps it unique). */
export const CONVERSATION_DIRECTORY_READABLE_CHARACTERS = 64;

/** Hex characters of SHA-256 appended to a conversation directory name: 64 bits, collisions negligible. */
const CONVERSATION_DIRECTORY_HASH_CHARACTERS = 16;

/** Throws `invalid_run_id` unless `runId` is path-safe. */
export function assertRunId(runId: unknown): asserts runId is string {
  if (typeof runId !== "string" || !RUN_ID_PATTERN.test(runId)) {
    throw new McpEnvError(
      "invalid_run_id",
      `run id ${JSON.stringify(runId)} is not accepted: use 1 to 200 letters, digits, ".", "_" or "-", starting with a letter or digit`,
    );
  }
}

/** The logical conversation behind a daily bucket: `telegram:42#2026-07-12` → `telegram:42`. */
export function stripRolloverBucket(conversationId: string): string {
  return conversationId.replace(DAILY_BUCKET_SUFFIX, "");
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
