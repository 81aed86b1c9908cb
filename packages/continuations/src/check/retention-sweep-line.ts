import type { RetentionReport } from "../node.js";

function counted(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * One sentence on the store's last retention sweep (kept in the store by the running service), for
 * `continuations health` and `validate`.
 */
export function retentionSweepLine(report: RetentionReport | undefined): string {
  if (report === undefined)
    return "Retention: no sweep has run yet (the service sweeps at start and hourly).";
  if (report.error)
    return `Retention: the last sweep, at ${report.sweptAt}, failed and removed nothing: ${report.error.message} [${report.error.code}].`;
  return `Retention: the last sweep, at ${report.sweptAt}, removed ${counted(report.deletedRecords, "finished record", "finished records")}, scrubbed ${counted(report.scrubbedCapturedTexts, "captured text", "captured texts")} and released ${counted(report.releasedOriginContexts, "origin-context snapshot", "origin-context snapshots")}.`;
}
