import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { dueFire, parseCronSchedule, TriggerError } from "../src/index.js";
import { acquireSchedulerLock, openTriggerStateStore } from "../src/sqlite.js";

const at = (iso: string) => new Date(iso);

describe("cron schedules and the catch-up rule", () => {
  it("reads an expression in its zone (daylight saving included) and refuses bad ones naming the form", () => {
    const berlin = parseCronSchedule("0 9 * * 1-5", "Europe/Berlin");
    expect(berlin.nextAfter(at("2026-03-27T09:00:00Z"))?.toISOString()).toBe("2026-03-30T07:00:00.000Z");
    expect(berlin.latestAtOrBefore(at("2026-03-30T07:00:00Z"))?.toISOString()).toBe(
      "2026-03-30T07:00:00.000Z",
    );
    const kiritimati = parseCronSchedule("0 0 * * *", "Pacific/Kiritimati");
    expect(kiritimati.nextAfter(at("2026-03-14T09:00:00Z"))?.toISOString()).toBe("2026-03-14T10:00:00.000Z");
    for (const [expression, zone, code] of [
      ["61 * * * *", "UTC", "invalid_schedule"],
      ["not a cron", "UTC", "invalid_schedule"],
      ["0 0 31 2 *", "UTC", "invalid_schedule"],
      ["* * * * *", "Mars/Olympus", "invalid_time_zone"],
    ] as const) {
      const error = (() => {
        try {
          parseCronSchedule(expression, zone);
        } catch (caught) {
          return caught;
        }
      })();
      expect(TriggerError.isInstance(error) && error.code, expression).toBe(code);
    }
  });

  it("latest runs once for the newest missed time; skip drops a late one; nothing is due twice", () => {
    const schedule = parseCronSchedule("* * * * *", "UTC");
    expect(
      dueFire({
        schedule,
        lastHandledAt: at("2026-03-14T09:02:00Z"),
        now: at("2026-03-14T09:05:10Z"),
        catchUp: "latest",
      }),
    ).toEqual({ fireAt: at("2026-03-14T09:05:00Z"), handledAt: at("2026-03-14T09:05:00Z"), missed: 2 });
    expect(
      dueFire({
        schedule,
        lastHandledAt: at("2026-03-14T09:05:00Z"),
        now: at("2026-03-14T09:05:50Z"),
        catchUp: "latest",
      }),
    ).toEqual({ missed: 0 });
    const hourly = parseCronSchedule("0 * * * *", "UTC");
    expect(
      dueFire({
        schedule: hourly,
        lastHandledAt: at("2026-03-14T08:00:00Z"),
        now: at("2026-03-14T09:20:00Z"),
        catchUp: "skip",
      }),
    ).toEqual({ handledAt: at("2026-03-14T09:00:00Z"), missed: 1 });
    expect(
      dueFire({
        schedule: hourly,
        lastHandledAt: at("2026-03-14T08:00:00Z"),
        now: at("2026-03-14T09:00:30Z"),
        catchUp: "skip",
      }),
    ).toEqual({ fireAt: at("2026-03-14T09:00:00Z"), handledAt: at("2026-03-14T09:00:00Z"), missed: 0 });
  });

  it("the state store claims a fire time once, across connections; the lock admits one owner until released", () => {
    const stateDir = join(mkdtempSync(join(tmpdir(), "trigger-state-")), "triggers");
    const first = openTriggerStateStore(stateDir);
    const second = openTriggerStateStore(stateDir);
    first.ensure("ops", at("2026-03-14T09:00:30Z"));
    expect(second.ensure("ops", at("2026-03-14T10:00:00Z")).lastHandledAt).toEqual(
      at("2026-03-14T09:00:30Z"),
    );
    const fire = at("2026-03-14T09:01:00Z");
    expect(first.claim("ops", fire, { fired: true, missed: 0 })).toBe(true);
    expect(second.claim("ops", fire, { fired: true, missed: 0 })).toBe(false);
    expect(second.get("ops")).toEqual({
      name: "ops",
      lastHandledAt: fire,
      lastFiredAt: fire,
      missedTotal: 0,
    });
    first.close();
    second.close();

    const lock = acquireSchedulerLock(stateDir);
    expect(() => acquireSchedulerLock(stateDir)).toThrow(/another mono-agent process runs the triggers/);
    lock.release();
    acquireSchedulerLock(stateDir).release();
  });
});
