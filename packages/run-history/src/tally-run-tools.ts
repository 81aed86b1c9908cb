import { RUN_SUMMARY_MAX_TOOL_NAMES } from "./run-record-limits.js";
import type { RunToolCount } from "./run-summary.js";

/** Name of the pooled entry for tools past the 20 counted names. */
export const OTHER_TOOLS_NAME = "(other tools)";

/** Counts tool calls and errors per name while a run is recorded. */
export class RunToolTally {
  private readonly counts = new Map<string, RunToolCount>();
  calls = 0;
  errors = 0;

  add(name: string, isError: boolean): void {
    this.calls += 1;
    if (isError) this.errors += 1;
    const known = this.counts.get(name);
    if (known) {
      known.calls += 1;
      if (isError) known.errors += 1;
    } else this.counts.set(name, { name, calls: 1, errors: isError ? 1 : 0 });
  }

  /** Most called first (then by name, in code-point order), at most 20 names plus one pooled `(other tools)` entry. */
  summary(): RunToolCount[] {
    const sorted = [...this.counts.values()].sort(
      (left, right) =>
        right.calls - left.calls || (left.name < right.name ? -1 : left.name > right.name ? 1 : 0),
    );
    if (sorted.length <= RUN_SUMMARY_MAX_TOOL_NAMES) return sorted.map((entry) => ({ ...entry }));
    const rest = sorted.slice(RUN_SUMMARY_MAX_TOOL_NAMES);
    return [
      ...sorted.slice(0, RUN_SUMMARY_MAX_TOOL_NAMES).map((entry) => ({ ...entry })),
      {
        name: OTHER_TOOLS_NAME,
        calls: rest.reduce((sum, entry) => sum + entry.calls, 0),
        errors: rest.reduce((sum, entry) => sum + entry.errors, 0),
      },
    ];
  }
}
