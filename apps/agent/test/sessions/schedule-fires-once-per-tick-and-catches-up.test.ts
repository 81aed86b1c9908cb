import { fauxAssistantMessage } from "@earendil-works/pi-ai";
import { createFauxModel } from "@mono-agent/test-utils/faux";
import {
  createDeclaredTriggerScheduler,
  type DeclaredSchedulerEvent,
  declaredTriggers,
} from "@mono-agent/triggers/declared";
import { acquireSchedulerLock, openTriggerStateStore } from "@mono-agent/triggers/sqlite";
import { beforeEach, describe, expect, test } from "vitest";
import { triggerStateDir } from "../../src/app/triggers/trigger-state-dir.js";
import { type Faux, manualClock, startFauxApp, tempAgentFolder } from "./faux-app.js";

let faux: Faux;
beforeEach(() => {
  faux = createFauxModel();
  faux.setResponses(Array.from({ length: 20 }, (_, index) => fauxAssistantMessage(`report ${index}`)));
});

const CONFIG = {
  triggers: {
    schedules: {
      minutely: { cron: "* * * * *", timezone: "UTC", prompt: "Write the minute report" },
      hourly: { cron: "0 * * * *", timezone: "UTC", prompt: "Write the hour report", catchUp: "skip" },
    },
  },
};

const summary = (events: DeclaredSchedulerEvent[]) =>
  events.map(
    (event) =>
      `${event.type} ${event.trigger} ${event.fireAt.toISOString().slice(11, 16)} missed ${"missed" in event ? event.missed : 0}`,
  );

describe("schedules under serve's scheduler with an injected clock", () => {
  test("fire once per tick; a restart across ticks follows the catch-up rule; a second host cannot take the lock", async () => {
    const cwd = tempAgentFolder("schedules-");
    const clock = manualClock("2026-03-14T09:00:30Z");
    const app = await startFauxApp(faux, cwd, CONFIG, { now: clock.now });
    const stateDir = triggerStateDir(app.loaded);
    const start = () => {
      const lock = acquireSchedulerLock(stateDir);
      const store = openTriggerStateStore(stateDir);
      const scheduler = createDeclaredTriggerScheduler({
        app,
        triggers: declaredTriggers(app.loaded),
        store,
        defaultTimeZone: "UTC",
        now: clock.now,
      });
      return {
        scheduler,
        async stop() {
          await scheduler.close();
          store.close();
          lock.release();
        },
      };
    };

    let host = start();
    // A second host on the same folder refuses to run the schedules while the first holds them.
    expect(() => acquireSchedulerLock(stateDir)).toThrow(/another mono-agent process runs the triggers/);
    // First seen at 09:00:30: nothing before it is due.
    expect(await host.scheduler.tick()).toEqual([]);
    clock.set("2026-03-14T09:01:00.200Z");
    const first = await host.scheduler.tick();
    expect(summary(first)).toEqual(["fired minutely 09:01 missed 0"]);
    const fired = first[0];
    expect(fired?.type === "fired" && fired.outcome.conversationId).toBe("cron:minutely");
    expect(fired?.type === "fired" && fired.outcome.source).toBe("cron");
    expect(fired?.type === "fired" && fired.outcome.finalText).toMatch(/report/);
    // Another look within the same minute fires nothing: once per tick.
    clock.set("2026-03-14T09:01:40Z");
    expect(await host.scheduler.tick()).toEqual([]);
    clock.set("2026-03-14T09:02:00.100Z");
    expect(summary(await host.scheduler.tick())).toEqual(["fired minutely 09:02 missed 0"]);
    await host.stop();

    // Down from 09:02 to 09:05:10: "latest" runs once for 09:05 and counts 09:03 and 09:04 as missed.
    clock.set("2026-03-14T09:05:10Z");
    host = start();
    expect(summary(await host.scheduler.tick())).toEqual(["fired minutely 09:05 missed 2"]);
    expect(await host.scheduler.tick()).toEqual([]);
    await host.stop();

    // Down until 10:20: the hourly "skip" schedule does not run its 20-minute-late 10:00.
    clock.set("2026-03-14T10:20:05Z");
    host = start();
    expect(summary(await host.scheduler.tick()).sort()).toEqual([
      "fired minutely 10:20 missed 74",
      "skipped hourly 10:00 missed 1",
    ]);
    expect(await host.scheduler.tick()).toEqual([]);
    await host.stop();

    const store = openTriggerStateStore(stateDir);
    const minutely = store.get("minutely");
    store.close();
    expect(minutely?.lastFiredAt?.toISOString()).toBe("2026-03-14T10:20:00.000Z");
    expect(minutely?.missedTotal).toBe(76);
    await app.close();
  });
});
