import { randomBytes } from "node:crypto";

/** Run ids match SPEC §0: `^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$`. */
export const RUN_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** A new run id: sortable by start time, unique by 8 random hex characters (`20261129T214500Z-3f9a2c1b`). */
export function createRunId(now: Date = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
  return `${stamp}-${randomBytes(4).toString("hex")}`;
}
