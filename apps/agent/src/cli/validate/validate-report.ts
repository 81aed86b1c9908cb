import type { CheckLine, CheckStatus } from "@mono-agent/config";

export type { CheckLine, CheckStatus };

const RANK: Record<CheckStatus, number> = { ok: 0, disabled: 1, warning: 2, error: 3 };

export interface CheckSection {
  id: string;
  label: string;
  status: CheckStatus;
  lines: CheckLine[];
}

/** The whole verdict; `--json` prints exactly this object. */
export interface ValidateReport {
  ok: boolean;
  configPath?: string;
  sections: CheckSection[];
}

export function worstStatus(statuses: readonly CheckStatus[], empty: CheckStatus = "ok"): CheckStatus {
  if (statuses.length === 0) return empty;
  return statuses.reduce((worst, status) => (RANK[status] > RANK[worst] ? status : worst));
}

export function section(id: string, label: string, lines: CheckLine[], status?: CheckStatus): CheckSection {
  return { id, label, lines, status: status ?? worstStatus(lines.map((line) => line.status)) };
}

export function buildReport(sections: CheckSection[], configPath?: string): ValidateReport {
  return {
    ok: sections.every((entry) => entry.status !== "error"),
    ...(configPath ? { configPath } : {}),
    sections,
  };
}
