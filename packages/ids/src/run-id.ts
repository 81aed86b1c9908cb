/** Longest run id, in characters (SPEC §0). */
export const RUN_ID_MAX_LENGTH = 200;

/** Run ids as SPEC §0 defines them: path-safe, 1 to 200 characters, starting with a letter or digit. */
export const RUN_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** The accepted form of a run id, as error messages name it. */
export const RUN_ID_FORM = 'use 1 to 200 letters, digits, ".", "_" or "-", starting with a letter or digit';

/** True when `value` is a run id of SPEC §0. */
export function isRunId(value: unknown): value is string {
  return typeof value === "string" && RUN_ID_PATTERN.test(value);
}

/** Random hex characters of a new run id: 32 bits, enough to tell apart runs started in one second. */
const RUN_ID_RANDOM_BYTES = 4;

/** A new run id: sortable by start time, unique by 8 random hex characters (`20261129T214500Z-3f9a2c1b`). */
export function createRunId(now: Date = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
  const random = globalThis.crypto.getRandomValues(new Uint8Array(RUN_ID_RANDOM_BYTES));
  return `${stamp}-${Array.from(random, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}
