import { relative } from "node:path";
import type { McpImportPlan } from "./plan-mcp-import.js";

/**
 * The report of `mono-agent mcp import`: each file read with its servers, each file skipped with why, every note (`todo` for what
 * the user still has to do), what was (or with `dryRun` would be) written, and the next step.
 */
export function mcpImportLines(plan: McpImportPlan, options: { cwd: string; dryRun: boolean }): string[] {
  const written = options.dryRun ? "would write" : "wrote";
  return [
    ...plan.sources.map(
      (entry) =>
        `read ${entry.file} (${entry.host}): ${entry.servers.length > 0 ? entry.servers.join(", ") : "no servers"}`,
    ),
    ...plan.skipped.map((entry) => `skipped ${entry.file}: ${entry.message}`),
    ...plan.notes.map(
      (note) =>
        `  ${note.kind === "action" ? "todo" : note.kind}: ${note.server ? `${note.server}: ` : ""}${note.message}`,
    ),
    `${written} ${relative(options.cwd, plan.output) || plan.output} with ${Object.keys(plan.document.mcpServers).length} server(s).`,
    "Next: mono-agent validate --connect",
  ];
}

/** The one JSON object `mono-agent mcp import --json` prints. */
export function mcpImportReport(plan: McpImportPlan, options: { dryRun: boolean }) {
  return {
    ok: true,
    output: plan.output,
    written: !options.dryRun,
    sources: plan.sources,
    skipped: plan.skipped,
    servers: plan.servers,
    notes: plan.notes,
  };
}
