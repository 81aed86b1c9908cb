import { describe, expect, test } from "vitest";
import { startServe, TEST_WEB_TOKEN } from "../serve/serve-process.js";
import { makeAgentFolder } from "./agent-folder.js";
import { runCli } from "./run-cli.js";

const TOKEN = "deploy-hook-bearer-0123456789";

function triggerFolder(): string {
  return makeAgentFolder({
    runtime: { model: "demo:demo" },
    triggers: {
      schedules: {
        minutely: { cron: "* * * * *", timezone: "UTC", prompt: "Summarise the readme" },
        broken: { cron: "61 * * * *", prompt: "never", enabled: false },
      },
      webhooks: { deploy: { prompt: "A deploy arrived", bearer: { $env: "DEPLOY_HOOK_TOKEN" } } },
      webhookServer: { port: 0 },
    },
  });
}

/** Waits (bounded) until `read()` matches `pattern`. */
async function waitFor(read: () => string, pattern: RegExp, timeoutMs = 60_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(read())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}:\n${read()}`);
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return read();
}

describe("mono-agent triggers, validate and serve", () => {
  test("validate names the missing webhook secret and the next fire time; triggers list and run show and run them", () => {
    const dir = triggerFolder();
    const missing = runCli(["validate", "--json"], { cwd: dir });
    expect(missing.exitCode).toBe(1);
    const report = JSON.parse(missing.stdout) as {
      sections: { id: string; lines: { status: string; message: string; code?: string }[] }[];
    };
    const lines = report.sections.find((section) => section.id === "triggers")?.lines ?? [];
    expect(lines.find((line) => line.code === "webhook_secret_missing")?.message).toContain(
      "DEPLOY_HOOK_TOKEN is not set",
    );
    expect(
      lines.some((line) => /schedule minutely: "\* \* \* \* \*" in UTC.*next \d{4}-/.test(line.message)),
    ).toBe(true);
    const ok = runCli(["validate"], { cwd: dir, env: { DEPLOY_HOOK_TOKEN: TOKEN } });
    expect(ok.exitCode, ok.stdout).toBe(0);
    expect(ok.stdout).toMatch(/webhook deploy: POST http:\/\/127\.0\.0\.1:0\/hooks\/deploy/);
    expect(ok.stdout).toMatch(
      /a delivery id \(x-github-delivery, [^)]*\) seen within 3 days starts no second run; at most 30 runs a minute/,
    );

    const listed = runCli(["triggers", "list", "--json"], { cwd: dir, env: { DEPLOY_HOOK_TOKEN: TOKEN } });
    expect(listed.exitCode, listed.stderr).toBe(0);
    const views = (
      JSON.parse(listed.stdout) as { triggers: { name: string; nextAt?: string; isolated: boolean }[] }
    ).triggers;
    expect(views.map((view) => view.name)).toEqual(["minutely", "broken", "deploy"]);
    expect(views[0]?.nextAt).toMatch(/:00\.000Z$/);
    expect(views[0]?.isolated).toBe(true);

    const ran = runCli(["triggers", "run", "minutely", "--json"], { cwd: dir });
    expect(ran.exitCode, ran.stderr).toBe(0);
    const outcome = JSON.parse(ran.stdout) as { source: string; conversationId: string; status: string };
    expect([outcome.source, outcome.conversationId, outcome.status]).toEqual([
      "cron",
      "cron:minutely",
      "succeeded",
    ]);
    const unknown = runCli(["triggers", "run", "nope"], { cwd: dir });
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain("triggers list");
  });

  test("serve prints the next fire times and webhook URLs and runs a webhook call; a second serve on the folder refuses to start", async () => {
    const dir = triggerFolder();
    const env = { MONO_AGENT_WEB_TOKEN: TEST_WEB_TOKEN, DEPLOY_HOOK_TOKEN: TOKEN };
    const first = await startServe(dir, { env });
    try {
      expect(first.stdout()).toMatch(/schedule minutely: next run \d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z/);
      const url = /webhook deploy: POST (\S+)/.exec(first.stdout())?.[1];
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/hooks\/deploy$/);
      const second = await startServe(dir, { env }).then(
        async (serve) => {
          await serve.stop();
          return "started";
        },
        (error: Error) => error.message,
      );
      expect(second).toMatch(/serve exited \(1\) before printing its URL/);
      expect(second).toMatch(/another mono-agent process runs the triggers of this folder/);
      expect(second).not.toMatch(/\n\s+at /);

      const refused = await fetch(url as string, { method: "POST", body: "{}" });
      expect(refused.status).toBe(401);
      const send = () =>
        fetch(url as string, {
          method: "POST",
          body: JSON.stringify({ ref: "v1.2.3" }),
          headers: {
            authorization: `Bearer ${TOKEN}`,
            "x-github-delivery": "72d3162e-cc78-11e3-81ab-4c9367dc0958",
          },
        });
      const accepted = await send();
      expect(accepted.status).toBe(202);
      // GitHub retries with the same X-GitHub-Delivery: no second run.
      const retried = await send();
      expect([retried.status, ((await retried.json()) as { duplicate?: boolean }).duplicate]).toEqual([
        200,
        true,
      ]);
      await waitFor(first.stdout, /webhook deploy: ran \S+: succeeded, delivered to webhook:deploy/);
    } finally {
      await first.stop();
    }
  });
});
