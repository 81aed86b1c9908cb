import type { PostgresPool } from "@mono-agent/storage/postgres";
import type { RunCompletion } from "../run-store.js";

/** A pool or a client in a transaction: what the write steps run on. */
export type Queryable = Pick<PostgresPool["pool"], "query">;

/**
 * Adds `count` to a store counter (`settled` or `deleted`) and returns its new value. The counter row is
 * locked until the transaction ends, so settle numbers are given out in commit order across hosts.
 */
export async function bumpCounter(
  client: Queryable,
  name: "settled" | "deleted",
  count: number,
): Promise<number> {
  const result = await client.query<{ value: string }>(
    `INSERT INTO run_store_counters (name, value) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET value = run_store_counters.value + EXCLUDED.value RETURNING value`,
    [name, count],
  );
  return Number(result.rows[0]?.value ?? count);
}

/** Numbers newly settled runs (in the order given) after the `settled` counter. */
export async function numberSettled(client: Queryable, runIds: readonly string[]): Promise<void> {
  if (runIds.length === 0) return;
  const last = await bumpCounter(client, "settled", runIds.length);
  await client.query(
    `UPDATE runs SET settled_sequence = $1::bigint + ids.n
     FROM unnest($2::text[]) WITH ORDINALITY AS ids(run_id, n) WHERE runs.run_id = ids.run_id`,
    [last - runIds.length, [...runIds]],
  );
}

/** The parameters ($1..$20) of the statements that write a run's completion, in column order. */
export function completionParams(runId: string, completion: RunCompletion): unknown[] {
  return [
    runId,
    completion.status,
    completion.updatedAtMs,
    completion.endedAtMs,
    completion.durationMs,
    completion.model ?? null,
    completion.failureKind ?? null,
    completion.error ?? null,
    completion.usage.inputTokens,
    completion.usage.outputTokens,
    completion.usage.totalTokens,
    completion.usage.costUsd,
    completion.toolCallCount,
    completion.toolErrorCount,
    JSON.stringify(completion.tools),
    JSON.stringify(completion.mcpServersUsed),
    JSON.stringify(completion.warnings),
    completion.finalOutput ?? null,
    completion.eventCount,
    completion.eventsDropped,
  ];
}
