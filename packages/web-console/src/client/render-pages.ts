/// <reference lib="dom" />
import type { WebRunSummaryView } from "../web-features.js";
import { api } from "./console-api.js";
import { element } from "./render-turn.js";

function cell(text: string): HTMLTableCellElement {
  return element("td", undefined, text);
}

async function renderRuns(root: HTMLElement): Promise<void> {
  const { runs } = await api<{ runs: WebRunSummaryView[] }>("GET", "/api/runs");
  const table = element("table");
  const head = element("tr");
  for (const label of ["Started", "Status", "Model", "Tools", "Tool errors", "Duration", "Conversation"])
    head.append(element("th", undefined, label));
  table.append(head);
  for (const run of runs) {
    const row = element("tr");
    const errors = run.tools.reduce((sum, tool) => sum + tool.errors, 0);
    const errorCell = cell(String(errors));
    if (errors > 0) errorCell.className = "errors";
    row.append(
      cell(new Date(run.startedAt).toLocaleString()),
      cell(run.status),
      cell(run.model),
      cell(
        run.tools
          .map((tool) => `${tool.name} ×${tool.calls}${tool.errors > 0 ? ` (${tool.errors} failed)` : ""}`)
          .join(", "),
      ),
      errorCell,
      cell(run.durationMs === null ? "" : `${(run.durationMs / 1000).toFixed(1)} s`),
      cell(run.conversationId),
    );
    table.append(row);
  }
  root.replaceChildren(
    element("h1", undefined, "Recent runs"),
    runs.length ? table : element("p", undefined, "No runs yet."),
  );
}

async function renderMemory(root: HTMLElement): Promise<void> {
  const { stats, today } = await api<{ stats: Record<string, string | number>; today: string[] }>(
    "GET",
    "/api/memory",
  );
  const list = element("dl");
  for (const [key, value] of Object.entries(stats))
    list.append(element("dt", undefined, key), element("dd", undefined, String(value)));
  const entries = element("ul");
  for (const entry of today) entries.append(element("li", undefined, entry));
  root.replaceChildren(
    element("h1", undefined, "Memory"),
    list,
    element("h2", undefined, "Today"),
    today.length ? entries : element("p", undefined, "Nothing yet today."),
  );
}

/** The optional runs and memory pages (shown only when the server reports them). */
export async function renderPage(name: "runs" | "memory", root: HTMLElement): Promise<void> {
  root.replaceChildren(element("p", undefined, "Loading…"));
  await (name === "runs" ? renderRuns(root) : renderMemory(root));
}
