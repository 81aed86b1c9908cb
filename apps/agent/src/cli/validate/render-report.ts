import type { CheckStatus, ValidateReport } from "./validate-report.js";

const TAG: Record<CheckStatus, string> = {
  ok: "[ok]",
  disabled: "[off]",
  warning: "[warn]",
  error: "[error]",
};
const COLOR: Record<CheckStatus, string> = { ok: "32", disabled: "90", warning: "33", error: "31" };

/** Human output of `mono-agent validate`; colour only on a terminal. */
export function renderReport(report: ValidateReport, options: { color: boolean }): string {
  const paint = (status: CheckStatus, text: string) =>
    options.color ? `\u001b[${COLOR[status]}m${text}\u001b[0m` : text;
  const out: string[] = [];
  for (const entry of report.sections) {
    out.push(`${paint(entry.status, TAG[entry.status].padEnd(7))} ${entry.label}`);
    for (const line of entry.lines) {
      const location = line.file ? `${line.file}${line.jsonPath ? ` at ${line.jsonPath}` : ""}` : "";
      // Config issues already name their place in the message; say it once.
      const where = location && !line.message.includes(location) ? ` (${location})` : "";
      const marker =
        line.status === "ok" ? "-" : paint(line.status, line.status === "disabled" ? "-" : line.status);
      out.push(`        ${marker} ${line.message}${where}`);
      if (line.suggestion) out.push(`          fix: ${line.suggestion}`);
    }
  }
  const errors = report.sections.filter((entry) => entry.status === "error").length;
  const warnings = report.sections.filter((entry) => entry.status === "warning").length;
  out.push("");
  out.push(
    errors > 0
      ? `${errors} section(s) with errors, ${warnings} with warnings: fix the errors above before running.`
      : `No errors${warnings > 0 ? ` (${warnings} section(s) with warnings)` : ""}: this agent folder is ready to run.`,
  );
  return `${out.join("\n")}\n`;
}
