import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createTriggerScheduler, parseSchedules, type SchedulerEvent, TriggerError } from "../src/index.js";
import { openTriggerStateStore } from "../src/sqlite.js";

const summary = (events: SchedulerEvent<string>[]) =>
  events.map(
    (event) =>
      `${event.type} ${event.trigger} ${event.fireAt.toISOString().slice(11, 16)}${event.type === "fired" ? ` ${event.outcome}` : ""}${event.type === "failed" ? ` ${event.message}` : ""}`,
  );

describe("the trigger scheduler over any run function", () => {
  it("runs each due fire time once, reports a rejected run as failed, and skips under catch-up skip", async () => {
    const store = openTriggerStateStore(mkdtempSync(join(tmpdir(), "scheduler-")));
    let instant = new Date("2026-03-14T09:00:30Z");
    const runs: string[] = [];
    const events: SchedulerEvent<string>[] = [];
    const scheduler = createTriggerScheduler<string>({
      schedules: [
        { name: "minutely", cron: "* * * * *", timezone: "UTC" },
        { name: "broken", cron: "* * * * *", timezone: "UTC" },
        { name: "hourly", cron: "0 * * * *", catchUp: "skip" },
      ],
      store,
      defaultTimeZone: "UTC",
      now: () => instant,
      run: async (name) => {
        runs.push(name);
        if (name === "broken") throw new Error("the model is down");
        return `ran ${name}`;
      },
      onEvent: (event) => events.push(event),
    });
    expect(scheduler.nextFireTimes().map((next) => next.nextAt?.toISOString())).toEqual([
      "2026-03-14T09:01:00.000Z",
      "2026-03-14T09:01:00.000Z",
      "2026-03-14T10:00:00.000Z",
    ]);
    expect(await scheduler.tick()).toEqual([]);
    instant = new Date("2026-03-14T09:01:05Z");
    expect(summary(await scheduler.tick())).toEqual([
      "fired minutely 09:01 ran minutely",
      "failed broken 09:01 the model is down",
    ]);
    // The same fire time is never run twice.
    expect(await scheduler.tick()).toEqual([]);
    instant = new Date("2026-03-14T12:30:00Z");
    expect(summary(await scheduler.tick())).toEqual([
      "fired minutely 12:30 ran minutely",
      "failed broken 12:30 the model is down",
      "skipped hourly 12:00",
    ]);
    expect(runs).toEqual(["minutely", "broken", "minutely", "broken"]);
    expect(events).toHaveLength(5);
    await scheduler.close();
    store.close();
  });

  it("refuses a bad expression naming the schedule", () => {
    const error = (() => {
      try {
        parseSchedules([{ name: "nightly", cron: "61 * * * *" }], "UTC");
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(TriggerError.isInstance(error) && error.code).toBe("invalid_schedule");
    expect(String((error as Error).message)).toMatch(/^trigger "nightly" \(triggers.schedules.nightly\): /);
  });
});
