import { applyForget, restoreForget } from "./forget-apply.js";
import { prepareForget } from "./forget-plan.js";
import type { MemoryReport } from "./memory-report.js";

/**
 * `mono-agent memory forget prepare`: writes the plan for the ids of `idsText` (one memory id per line;
 * blank lines are skipped) and says how to apply it.
 */
export function forgetPrepareReport(options: {
  root: string;
  idsText: string;
  reason: string;
  planPath: string;
}): MemoryReport {
  const ids = options.idsText
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  const { planPath } = options;
  const plan = prepareForget({ root: options.root, ids, reason: options.reason, planPath });
  return {
    data: { plan: planPath, ids: plan.ids },
    text: `Plan written to ${planPath} for ${plan.ids.length} id(s). Stop the agent, then run: mono-agent memory forget apply --plan ${planPath}`,
  };
}

/** `mono-agent memory forget apply`: applies the plan (agent stopped) and names the backup that undoes it. */
export async function forgetApplyReport(options: { root: string; planPath: string }): Promise<MemoryReport> {
  const result = await applyForget(options);
  return {
    data: { ...result },
    text: `Forgot ${result.dropped.length} memory id(s). Backup: ${result.backupDir}\nUndo with: mono-agent memory forget restore --backup ${result.backupDir}`,
  };
}

/** `mono-agent memory forget restore`: puts the files of a forget backup back and rebuilds the index. */
export async function forgetRestoreReport(options: {
  root: string;
  backupDir: string;
}): Promise<MemoryReport> {
  const result = await restoreForget(options);
  return {
    data: { ...result },
    text: `Restored ${result.restoredFiles} file(s) from ${options.backupDir} and rebuilt the index.`,
  };
}
