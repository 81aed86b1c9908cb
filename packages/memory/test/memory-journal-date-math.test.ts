import { describe, expect, test } from "vitest";
import { resolveJournalRange } from "../src/journal-date-range.js";

const iso = (ms: number) => new Date(ms).toISOString();

describe("MemoryJournal date math over a table of zones", () => {
  test.each([
    [
      "Europe/Amsterdam",
      "2026-03-29",
      "2026-03-29",
      "2026-03-28T23:00:00.000Z",
      "2026-03-29T22:00:00.000Z",
      1,
    ],
    [
      "Europe/Amsterdam",
      "2026-10-25",
      "2026-10-25",
      "2026-10-24T22:00:00.000Z",
      "2026-10-25T23:00:00.000Z",
      1,
    ],
    [
      "Europe/Amsterdam",
      "2026-03-01",
      "2026-03-31",
      "2026-02-28T23:00:00.000Z",
      "2026-03-31T22:00:00.000Z",
      31,
    ],
    [
      "America/St_Johns",
      "2026-07-01",
      "2026-07-01",
      "2026-07-01T02:30:00.000Z",
      "2026-07-02T02:30:00.000Z",
      1,
    ],
    [
      "America/St_Johns",
      "2026-01-15",
      "2026-01-16",
      "2026-01-15T03:30:00.000Z",
      "2026-01-17T03:30:00.000Z",
      2,
    ],
    ["Asia/Kathmandu", "2026-09-01", "2026-09-07", "2026-08-31T18:15:00.000Z", "2026-09-07T18:15:00.000Z", 7],
    ["Pacific/Apia", "2011-12-31", "2011-12-31", "2011-12-30T10:00:00.000Z", "2011-12-31T10:00:00.000Z", 1],
    ["UTC", "2026-09-01", "2026-10-01", "2026-09-01T00:00:00.000Z", "2026-10-02T00:00:00.000Z", 31],
  ])("%s %s..%s -> [%s, %s) over %i days", (timeZone, fromDate, throughDate, from, to, days) => {
    const range = resolveJournalRange(fromDate, throughDate, timeZone);
    expect("failure" in range).toBe(false);
    if ("failure" in range) return;
    expect([iso(range.fromMs), iso(range.toMs), range.days]).toEqual([from, to, days]);
  });

  test.each([
    ["Pacific/Apia", "2011-12-30", "2011-12-30", "invalid_date"],
    ["Pacific/Apia", "2011-12-29", "2011-12-31", "ok"],
    ["Pacific/Apia", "2011-12-30", "2011-12-31", "invalid_date"],
    ["Pacific/Apia", "2011-12-29", "2011-12-30", "invalid_date"],
    ["America/Sao_Paulo", "2018-11-04", "2018-11-04", "invalid_date"],
    ["UTC", "2026-09-01", "2026-10-02", "range_too_wide"],
    ["Europe/Amsterdam", "2026-01-31", "2026-03-03", "range_too_wide"],
    ["Europe/Amsterdam", "2026-02-01", "2026-03-03", "ok"],
    ["Europe/Amsterdam", "2026-03-02", "2026-03-01", "invalid_range"],
    ["Europe/Amsterdam", "2026-02-29", "2026-03-01", "invalid_date"],
    ["Etc/Unknown", "2026-03-01", "2026-03-01", "invalid_time_zone"],
  ])("%s %s..%s -> %s", (timeZone, fromDate, throughDate, expected) => {
    const range = resolveJournalRange(fromDate, throughDate, timeZone);
    expect("failure" in range ? range.failure.code : "ok").toBe(expected);
  });
});
