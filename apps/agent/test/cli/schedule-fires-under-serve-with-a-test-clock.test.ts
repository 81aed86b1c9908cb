import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { waitFor } from "@mono-agent/test-utils";
import { describe, expect, test } from "vitest";
import { startServe, TEST_WEB_TOKEN } from "../serve/serve-process.js";
import { makeAgentFolder } from "./agent-folder.js";
import { runCli } from "./run-cli.js";

/** Waits (bounded) until the child's collected output matches `pattern`: no fixed sleep. */
const waitForLine = (read: () => string, pattern: RegExp) =>
  waitFor(() => pattern.test(read()), { what: () => `${pattern} in:\n${read()}`, timeoutMs: 60_000 });

const count = (text: string, pattern: RegExp) => text.match(new RegExp(pattern, "g"))?.length ?? 0;

describe("a schedule under a real `mono-agent serve` with the test clock (MONO_AGENT_TEST_CLOCK_FILE)", () => {
  test("fires once per tick; a restart across ticks catches up once; a second serve fires nothing; a crash does not rerun a claimed tick", async () => {
    const dir = makeAgentFolder({
      runtime: { model: "demo:demo" },
      triggers: { schedules: { minutely: { cron: "* * * * *", timezone: "UTC", prompt: "Summarise" } } },
    });
    const clockFile = join(mkdtempSync(join(tmpdir(), "mono-agent-clock-")), "now.txt");
    const setClock = (iso: string) => writeFileSync(clockFile, iso);
    const env = { MONO_AGENT_WEB_TOKEN: TEST_WEB_TOKEN, MONO_AGENT_TEST_CLOCK_FILE: clockFile };
    const looked = (iso: string) => new RegExp(`test clock: looked at ${iso.replace(/\./g, "\\.")}`);
    const ranFor = (minute: string) =>
      new RegExp(`trigger minutely: ran \\S+ for 2026-03-14T${minute}:00\\.000Z`);

    setClock("2026-03-14T09:00:30.000Z");
    let serve = await startServe(dir, { env });
    try {
      expect(serve.stderr()).toContain("MONO_AGENT_TEST_CLOCK_FILE is set");
      // First seen at 09:00:30: nothing before that is due.
      await waitForLine(serve.stdout, looked("2026-03-14T09:00:30.000Z"));
      expect(serve.stdout()).toMatch(/schedule minutely: next run 2026-03-14T09:01:00\.000Z/);
      expect(count(serve.stdout(), /trigger minutely: ran/)).toBe(0);

      // A second serve on the folder (same clock) refuses to start and so fires nothing.
      const second = await startServe(dir, { env }).then(
        async (other) => `started: ${await other.stop()}`,
        (error: Error) => error.message,
      );
      expect(second).toMatch(/serve exited \(1\) before printing its URL/);
      expect(second).toMatch(/store_locked: another mono-agent process runs the triggers of this folder/);

      setClock("2026-03-14T09:01:00.200Z");
      await waitForLine(serve.stdout, looked("2026-03-14T09:01:00.200Z"));
      expect(serve.stdout()).toMatch(ranFor("09:01"));
      expect(serve.stdout()).toMatch(/ran \S+ for \S+: succeeded, delivered to cron:minutely/);
      // More looks inside the same minute fire nothing: once per tick.
      for (const iso of ["2026-03-14T09:01:20.000Z", "2026-03-14T09:01:59.999Z"]) {
        setClock(iso);
        await waitForLine(serve.stdout, looked(iso));
      }
      expect(count(serve.stdout(), /trigger minutely: ran/)).toBe(1);
      setClock("2026-03-14T09:02:00.100Z");
      await waitForLine(serve.stdout, looked("2026-03-14T09:02:00.100Z"));
      expect(count(serve.stdout(), ranFor("09:02"))).toBe(1);
      expect(count(serve.stdout(), /trigger minutely: ran/)).toBe(2);
    } finally {
      await serve.stop();
    }

    // Down from 09:02 until 09:05:10: the default catch-up "latest" runs once, for 09:05, and counts 2 missed.
    setClock("2026-03-14T09:05:10.000Z");
    serve = await startServe(dir, { env });
    await waitForLine(serve.stdout, looked("2026-03-14T09:05:10.000Z"));
    expect(serve.stdout()).toMatch(
      /trigger minutely: ran \S+ for 2026-03-14T09:05:00\.000Z \(2 earlier fire time\(s\) missed, caught up once\)/,
    );
    expect(count(serve.stdout(), /trigger minutely: ran/)).toBe(1);
    // Killed hard, then restarted inside the same minute: the claimed 09:05 does not run again.
    serve.child.kill("SIGKILL");
    await serve.stop();
    setClock("2026-03-14T09:05:40.000Z");
    serve = await startServe(dir, { env });
    try {
      await waitForLine(serve.stdout, looked("2026-03-14T09:05:40.000Z"));
      expect(count(serve.stdout(), /trigger minutely: ran/)).toBe(0);
    } finally {
      await serve.stop();
    }

    // Exactly three scheduled runs were recorded, all with source cron in cron:minutely.
    const runs = runCli(["runs", "list", "--json"], { cwd: dir });
    expect(runs.exitCode, runs.stderr).toBe(0);
    const listed = (JSON.parse(runs.stdout) as { runs: { source: string; conversationId: string }[] }).runs;
    expect(listed.map((run) => `${run.source} ${run.conversationId}`)).toEqual(
      Array.from({ length: 3 }, () => "cron cron:minutely"),
    );
  }, 120_000);
});
