import { existsSync } from "node:fs";
import type { CheckLine, CheckResult, LoadedConfig } from "@mono-agent/config";
import type { RunSummary } from "../run-summary.js";
import { isRunOwnerAlive } from "../sqlite/process-owner.js";
import { runStoreFile } from "../sqlite/run-artifact-paths.js";

/** Recent summaries the section reads: reference §1.6 ("showing <M> recent (max 50)"). */
export const RUNS_HEALTH_RECENT_MAX = 50;

/** Runs listed one per line: reference §1.6 ("last 5 runs"). */
export const RUNS_HEALTH_LISTED = 5;

const disabled = (message: string): CheckResult => ({
  status: "disabled",
  lines: [{ status: "disabled", message }],
});

function runLine(run: RunSummary): CheckLine {
  const duration = run.durationMs !== undefined ? `, ${(run.durationMs / 1_000).toFixed(1)}s` : "";
  const failure = run.failureKind ? ` (${run.failureKind})` : "";
  return {
    status: "ok",
    message: `${run.runId}: ${run.status}${failure}, started ${run.startedAt}${duration}, ${run.model}, ${run.toolCallCount} tool calls`,
  };
}

/**
 * The Runs findings of `mono-agent validate` (reference §1.6): reads summaries only, from the run store
 * opened read-only; counts, the last runs, and `running` runs whose process is gone. With
 * `storage.postgres` the runs are in the shared store (no connection is opened for them): the findings say
 * where they are, and no local runs.sqlite is read. The status is `disabled` while no run is recorded.
 */
export async function checkRunStore(loaded: LoadedConfig): Promise<CheckResult> {
  if (loaded.config.storage?.postgres !== undefined)
    return {
      status: "ok",
      lines: [
        {
          status: "ok",
          message:
            "Runs are recorded in the shared PostgreSQL run store (see Storage); `mono-agent runs list` shows the runs of every host.",
        },
      ],
    };
  const file = runStoreFile(loaded.artifactsDir);
  if (!existsSync(file)) return disabled("No runs recorded yet.");
  const unreadable = (error: unknown): CheckResult => ({
    status: "error",
    lines: [
      {
        status: "error",
        code: "run_store_unreadable",
        file,
        message: `The run store cannot be read: ${error instanceof Error ? error.message : String(error)}`,
        suggestion: `move ${file} aside; the next run starts a new store`,
      },
    ],
  });
  try {
    // better-sqlite3 loads only when a run store exists.
    const { readRunsHealth } = await import("../sqlite/read-runs-health.js");
    // Plain read-only SQL (no ORM) keeps validate fast; the full store loads only for a retention dry run.
    const health = readRunsHealth(file, RUNS_HEALTH_RECENT_MAX);
    if (health.total === 0) return disabled("No runs recorded yet.");
    const lines: CheckLine[] = [
      {
        status: "ok",
        message: `Recorded runs: ${health.total} total; showing ${health.recent.length} recent (max ${RUNS_HEALTH_RECENT_MAX}).`,
      },
      ...health.recent.slice(0, RUNS_HEALTH_LISTED).map(runLine),
    ];
    for (const running of health.running) {
      if (isRunOwnerAlive(running.owner)) continue;
      lines.push({
        status: "warning",
        code: "stale_running_run",
        message: `Run ${running.runId} is marked running, but its process (pid ${running.owner.pid}) is gone.`,
        suggestion:
          "the next start of mono-agent marks it interrupted (process_death); its events stay readable",
      });
    }
    const retention = loaded.config.artifacts.retention;
    let retentionMessage = `Retention: runs older than ${retention.maxAgeDays} days or beyond the newest ${retention.maxCount} are removed at start and hourly.`;
    if (retention.dryRun) {
      const { openRunStore, sweepRunRetention } = await import("../sqlite.js");
      const store = openRunStore({ file, readOnly: true });
      try {
        const plan = await sweepRunRetention({ store, artifactsDir: loaded.artifactsDir, ...retention });
        retentionMessage += ` Dry run: ${plan.count} runs would be removed.`;
      } finally {
        await store.close();
      }
    }
    lines.push({ status: "ok", message: retentionMessage });
    return { status: lines.some((line) => line.status === "warning") ? "warning" : "ok", lines };
  } catch (error) {
    return unreadable(error);
  }
}
