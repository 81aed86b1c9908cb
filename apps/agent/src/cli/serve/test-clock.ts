import { readFileSync, unwatchFile, watchFile } from "node:fs";
import { EXIT_USAGE, ExitError } from "../exit-error.js";

/**
 * Test only: the exported variable naming a file that holds one ISO 8601 instant
 * (`2026-03-14T09:01:00Z`). When set, `serve` reads its clock from that file instead of the system
 * clock (rollover buckets, schedules, webhook rate limits) and looks at its schedules each time the
 * file changes, never on real-time timers, printing one `test clock: looked at <instant>` line per look.
 * A test advances time by rewriting the file; nothing waits for a real minute. Never set it in production.
 */
export const TEST_CLOCK_FILE_ENV = "MONO_AGENT_TEST_CLOCK_FILE";

/**
 * How often serve checks the test clock file for a change, in ms: short enough that a test's step is
 * seen at once, long enough to cost nothing (one stat).
 */
export const TEST_CLOCK_POLL_MS = 20;

/** A clock read from a file that a test rewrites. */
export interface TestClock {
  readonly file: string;
  /** The instant in the file (the last readable one while the file is being rewritten). */
  now(): Date;
  /** Calls `listener` after each change of the instant. */
  onAdvance(listener: () => void): void;
  close(): void;
}

function readInstant(file: string): Date | undefined {
  try {
    const instant = new Date(readFileSync(file, "utf8").trim());
    return Number.isNaN(instant.getTime()) ? undefined : instant;
  } catch {
    return undefined;
  }
}

/** Opens the test clock of `file`; a usage error when the file does not hold an ISO 8601 instant. */
export function openTestClock(file: string): TestClock {
  let current = readInstant(file);
  if (current === undefined)
    throw new ExitError(
      `${TEST_CLOCK_FILE_ENV} names ${file}, which does not hold an ISO 8601 instant such as 2026-03-14T09:00:00Z (the test clock is for tests only: unset the variable to use the system clock)`,
      EXIT_USAGE,
    );
  const listeners: (() => void)[] = [];
  watchFile(file, { interval: TEST_CLOCK_POLL_MS, persistent: false }, () => {
    const next = readInstant(file);
    if (next === undefined || next.getTime() === current?.getTime()) return;
    current = next;
    for (const listener of listeners) listener();
  });
  return {
    file,
    now: () => new Date((current as Date).getTime()),
    onAdvance: (listener) => {
      listeners.push(listener);
    },
    close: () => unwatchFile(file),
  };
}
