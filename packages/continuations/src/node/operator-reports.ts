import { retentionSweepLine } from "../check/retention-sweep-line.js";
import { continuationHealth } from "../continuation-health.js";
import type { ContinuationRecord } from "../continuation-record.js";
import { CONTINUATION_STATES, type ContinuationState } from "../continuation-states.js";
import type { ContinuationStore } from "./open-continuation-store.js";
import {
  cancelContinuation,
  type DeliveryResolution,
  readContinuationHealth,
  resolveContinuationDelivery,
  retryContinuation,
} from "./operator-actions.js";
import type { RetentionPolicy } from "./sweep-retention.js";

/** Records `continuations list` shows when no limit is given. */
const CONTINUATIONS_LIST_DEFAULT_LIMIT = 50;

/**
 * What one `mono-agent continuations` command reports: `text` (newline-terminated lines) for people,
 * `json` for `--json`, and `unhealthy` when health found the store unhealthy (the CLI exits 1).
 */
export interface ContinuationsReport {
  text: string;
  json: unknown;
  unhealthy?: boolean;
}

/** One operator change to a record: retry, cancel, or resolve a `delivery_unknown` record. */
export type ContinuationOperatorAction =
  | { kind: "retry"; continuationId: string; allowUnknown: boolean }
  | { kind: "cancel"; continuationId: string }
  | { kind: "resolve"; continuationId: string; resolution: DeliveryResolution };

function noStoreText(stateDir: string): string {
  return `No continuation store yet (${stateDir}); nothing to report.\n`;
}

function recordLine(record: ContinuationRecord): string {
  const error = record.lastError ? ` (${record.lastError.code})` : "";
  return `${record.continuationId}  ${record.state}${error}  ${record.mode} -> ${record.destinationConversationId ?? "-"}  server ${record.serverName}, task ${record.taskKey}, claimed ${new Date(record.claimedAtMs).toISOString()}\n`;
}

/**
 * `continuations health`: healthy, degraded or unhealthy with the counts by state and the last retention
 * sweep. Without a store (`store` undefined) every count is 0 and there is no sweep.
 */
export function continuationsHealthReport(
  store: ContinuationStore | undefined,
  options: { stateDir: string; retention: RetentionPolicy },
): ContinuationsReport {
  if (!store) {
    const zero = Object.fromEntries(CONTINUATION_STATES.map((state) => [state, 0]));
    const empty = continuationHealth(zero as Record<ContinuationState, number>);
    return {
      text: noStoreText(options.stateDir),
      json: { ...empty, retention: { policy: options.retention, lastSweep: null } },
    };
  }
  const health = readContinuationHealth(store);
  const lastSweep = store.lastRetentionSweep();
  const counts = Object.entries(health.counts)
    .filter(([, count]) => count > 0)
    .map(([state, count]) => `${state} ${count}`);
  const reasons = health.reasons.length ? ` (${health.reasons.join(", ")})` : "";
  return {
    text: `Continuations: ${health.status}${reasons}\n${counts.length ? counts.join(", ") : "no records"}\n${retentionSweepLine(lastSweep)}\n`,
    json: { ...health, retention: { policy: options.retention, lastSweep: lastSweep ?? null } },
    unhealthy: health.status === "unhealthy",
  };
}

/** `continuations list`: one page of records, oldest claim first, with the command for the next page. */
export function continuationsListReport(
  store: ContinuationStore | undefined,
  options: { stateDir: string; limit?: number | undefined; cursor?: string | undefined },
): ContinuationsReport {
  if (!store) return { text: noStoreText(options.stateDir), json: { records: [] } };
  const page = store.list({
    limit: options.limit ?? CONTINUATIONS_LIST_DEFAULT_LIMIT,
    ...(options.cursor !== undefined ? { cursor: options.cursor } : {}),
  });
  const more = page.nextCursor ? `More: mono-agent continuations list --cursor ${page.nextCursor}\n` : "";
  return {
    text:
      page.records.length === 0 ? "No continuations.\n" : `${page.records.map(recordLine).join("")}${more}`,
    json: page,
  };
}

/** Applies one operator action and reports the record's new state. Throws ContinuationError as the actions do. */
export function continuationActionReport(
  store: ContinuationStore,
  action: ContinuationOperatorAction,
): ContinuationsReport {
  const { continuationId } = action;
  const record =
    action.kind === "retry"
      ? retryContinuation(store, continuationId, { allowUnknown: action.allowUnknown })
      : action.kind === "cancel"
        ? cancelContinuation(store, continuationId)
        : resolveContinuationDelivery(store, continuationId, action.resolution);
  return { text: `${continuationId} is now ${record.state}.\n`, json: { record } };
}

/**
 * The resolution of `continuations resolve <id> ...` from its words: `delivered <deliveryId>`,
 * `not-delivered` or `dead-lettered`; undefined for anything else.
 */
export function parseDeliveryResolutionWords(words: readonly string[]): DeliveryResolution | undefined {
  const [kind, deliveryId, ...rest] = words;
  if (rest.length > 0) return undefined;
  if (kind === "delivered" && deliveryId) return { kind: "delivered", deliveryId };
  if (kind === "not-delivered" && deliveryId === undefined) return { kind: "not_delivered" };
  if (kind === "dead-lettered" && deliveryId === undefined) return { kind: "dead_lettered" };
  return undefined;
}
