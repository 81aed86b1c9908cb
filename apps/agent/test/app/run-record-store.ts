import { join } from "node:path";
import type { RunEventsRead, RunSummary } from "@mono-agent/run-history";
import { openRunStore, readRunEvents } from "@mono-agent/run-history/sqlite";

/** The artifacts folder of an agent folder made by `makeAgentFolder` (the default `artifacts.dir`). */
export function artifactsDirOf(agentDir: string): string {
  return join(agentDir, ".mono-agent", "artifacts");
}

/** Every recorded run of an agent folder, newest first, with its events read in full. */
export async function recordedRuns(agentDir: string): Promise<{ run: RunSummary; events: RunEventsRead }[]> {
  const artifactsDir = artifactsDirOf(agentDir);
  const store = openRunStore({ file: join(artifactsDir, "runs.sqlite"), readOnly: true });
  try {
    const { runs } = await store.listRuns({ limit: 1_000 });
    return await Promise.all(
      runs.map(async (run) => ({
        run,
        events: await readRunEvents(artifactsDir, run.runId, { selection: "all" }),
      })),
    );
  } finally {
    await store.close();
  }
}
