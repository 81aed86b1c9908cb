import { shortDigest } from "@mono-agent/evidence/node";
import type { RecordPhase } from "../tool-record.js";

/** Prefix of every record id: schema `mono-agent.session-tool-history.v1`. */
export const RECORD_ID_PREFIX = "sth1_";

/** Prefix of every artifact reference id. */
export const ARTIFACT_ID_PREFIX = "sta1_";

/**
 * The record id of one phase of one call: a digest of (phase, physical conversation, run, provider call
 * id), so a retried write finds its own record and two daily buckets that reuse a run id never collide.
 */
export function toolRecordId(
  phase: RecordPhase,
  call: { conversationId: string; runId: string; toolCallId: string },
): string {
  return (
    RECORD_ID_PREFIX + shortDigest([phase, call.conversationId, call.runId, call.toolCallId].join("\u0000"))
  );
}

/** The opaque id of an artifact: a digest of its run and its path beneath the run's tool-output folder. */
export function artifactId(runId: string, relativePath: string): string {
  return ARTIFACT_ID_PREFIX + shortDigest(`${runId}\u0000${relativePath}`);
}
