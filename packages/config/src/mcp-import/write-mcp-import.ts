import { renameSync, writeFileSync } from "node:fs";
import type { McpImportPlan } from "./plan-mcp-import.js";

/** Writes the plan's mcp.json (0600) through a temporary file renamed over it, so a reader never sees half. */
export function writeMcpImport(plan: McpImportPlan): void {
  const temporary = `${plan.output}.import-${process.pid}`;
  writeFileSync(temporary, `${JSON.stringify(plan.document, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, plan.output);
}
