import { JOURNAL_MAX_RANGE_DAYS } from "./limits.js";
import type { JournalFailure } from "./journal-error.js";

/** A resolved MemoryJournal range: `[fromMs, toMs)` in UTC. */
export interface JournalRange {
  fromDate: string;
  throughDate: string;
  timeZone: string;
  fromMs: number;
  toMs: number;
  /** Inclusive calendar days. */
  days: number;
}

const DAY_MS = 86_400_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const ZONE_PATTERN = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;
const formatters = new Map<string, Intl.DateTimeFormat>();

interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

function parseDate(text: unknown): CalendarDate | undefined {
  if (typeof text !== "string") return undefined;
  const match = DATE_PATTERN.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1000) return undefined;
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    return undefined;
  }
  return { year, month, day };
}

function formatterFor(timeZone: string): Intl.DateTimeFormat | undefined {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat("en-US", {
        timeZone,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
      });
    } catch {
      return undefined;
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock fields of instant `ms` in the zone, as a UTC timestamp of those fields. */
function wallClockMs(formatter: Intl.DateTimeFormat, ms: number): number {
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(ms)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts["year"] ?? 0,
    (parts["month"] ?? 1) - 1,
    parts["day"] ?? 1,
    parts["hour"] ?? 0,
    parts["minute"] ?? 0,
    parts["second"] ?? 0,
  );
}

/** The earliest instant whose wall clock in the zone reads `date` 00:00:00, if one exists. */
function localMidnight(formatter: Intl.DateTimeFormat, date: CalendarDate): number | undefined {
  const target = Date.UTC(date.year, date.month - 1, date.day);
  const offsets = new Set<number>();
  for (const sample of [target - 2 * DAY_MS, target - DAY_MS, target, target + DAY_MS, target + 2 * DAY_MS]) {
    offsets.add(wallClockMs(formatter, sample) - sample);
  }
  const matches = [...offsets]
    .map((offset) => target - offset)
    .filter((instant) => wallClockMs(formatter, instant) === target);
  return matches.length > 0 ? Math.min(...matches) : undefined;
}

function fail(code: JournalFailure["code"], message: string): { failure: JournalFailure } {
  return { failure: { code, message } };
}

/**
 * Resolves inclusive local dates in a named IANA zone to `[fromDate 00:00, day-after-throughDate
 * 00:00)` UTC. Invalid, reversed, skipped or non-representable boundaries fail closed; the host's own
 * zone is never used.
 */
export function resolveJournalRange(
  fromDate: unknown,
  throughDate: unknown,
  timeZone: unknown,
): JournalRange | { failure: JournalFailure } {
  const from = parseDate(fromDate);
  const through = parseDate(throughDate);
  if (!from || !through) {
    const which = !from ? "fromDate" : "throughDate";
    return fail("invalid_date", `${which} must be a real calendar date written YYYY-MM-DD.`);
  }
  const formatter =
    typeof timeZone === "string" && ZONE_PATTERN.test(timeZone) ? formatterFor(timeZone) : undefined;
  if (!formatter) {
    return fail(
      "invalid_time_zone",
      'timeZone must be a named IANA time zone such as "Europe/Amsterdam" or "UTC"; offsets and abbreviations are not accepted.',
    );
  }
  const fromDay = Date.UTC(from.year, from.month - 1, from.day);
  const throughDay = Date.UTC(through.year, through.month - 1, through.day);
  if (throughDay < fromDay) return fail("invalid_range", "throughDate is before fromDate.");
  const days = (throughDay - fromDay) / DAY_MS + 1;
  if (days > JOURNAL_MAX_RANGE_DAYS) {
    return fail(
      "range_too_wide",
      `The range covers ${days} days; at most ${JOURNAL_MAX_RANGE_DAYS} inclusive calendar days are accepted.`,
    );
  }
  const dayAfter = new Date(throughDay + DAY_MS);
  const fromMs = localMidnight(formatter, from);
  const toMs = localMidnight(formatter, {
    year: dayAfter.getUTCFullYear(),
    month: dayAfter.getUTCMonth() + 1,
    day: dayAfter.getUTCDate(),
  });
  const zoneName = timeZone as string;
  if (fromMs === undefined) {
    return fail(
      "invalid_date",
      `${fromDate as string} 00:00 does not exist in ${zoneName} (a skipped day or time).`,
    );
  }
  const lastSecond = toMs === undefined ? undefined : wallClockMs(formatter, toMs - 1000);
  if (
    toMs === undefined ||
    lastSecond === undefined ||
    lastSecond < throughDay ||
    lastSecond >= throughDay + DAY_MS
  ) {
    return fail(
      "invalid_date",
      `throughDate ${throughDate as string} or the midnight after it does not exist in ${zoneName} (a skipped day or time).`,
    );
  }
  return {
    fromDate: fromDate as string,
    throughDate: throughDate as string,
    timeZone: zoneName,
    fromMs,
    toMs,
    days,
  };
}
