import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Context, fauxAssistantMessage } from "@earendil-works/pi-ai";
import { afterEach, describe, expect, test } from "vitest";
import { conversationStoreFile, startMonoAgentApp } from "../../src/app/start-mono-agent-app.js";
import {
  call,
  freePort,
  makeAgentDir,
  messagesOfRun,
  waitFor,
} from "../fixtures/continuations/continuation-kit.js";
import { fauxModel, stepAfter } from "../fixtures/mcp-env/context-kit.js";

const CI_BEARER = "ci-runner-bearer-0123456789";

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function continuationsConfig(port: number) {
  return {
    port,
    namedRoutes: { ops: { mode: "notify_if_actionable", conversationId: "cli:ops" } },
    detachedServices: [{ name: "ci", tokenEnv: "CI_RUNNER_TOKEN" }],
  };
}

describe("a detached continuation in the app", () => {
  test("the service's bearer comes from the app's env; the result is synthesized over the route's latest turns and delivered into it", async () => {
    const dir = makeAgentDir();
    const port = await freePort();
    const { faux, customModels } = fauxModel();
    const app = await startMonoAgentApp({
      config: { runtime: { model: "faux:faux-1" }, continuations: continuationsConfig(port) },
      cwd: dir,
      env: { PATH: process.env.PATH, CI_RUNNER_TOKEN: CI_BEARER },
      customModels,
    });
    cleanups.push(() => app.close());
    let synthesisContext: Context | undefined;
    faux.setResponses([
      fauxAssistantMessage("I will tell you when the nightly build breaks."),
      stepAfter((context) => {
        synthesisContext = context;
      }, fauxAssistantMessage("The nightly build broke in the lint step.")),
    ]);
    const watched = await app.run({ input: "watch the nightly build", conversationId: "cli:ops" });
    expect(watched.warnings).toEqual([]);

    const service = `http://127.0.0.1:${port}`;
    const claimed = await fetch(`${service}/v1/continuations/detached/claim`, {
      method: "POST",
      headers: { authorization: `Bearer ${CI_BEARER}`, "x-mono-agent-service-name": "ci" },
      body: JSON.stringify({
        taskKey: "nightly-7",
        taskHash: "h7",
        deadline: new Date(Date.now() + 3_600_000).toISOString(),
        route: "ops",
      }),
    });
    expect(claimed.status).toBe(200);
    const claim = (await claimed.json()) as { continuationId: string; resultUrl: string; token: string };
    const wrong = await fetch(`${service}/v1/continuations/detached/claim`, {
      method: "POST",
      headers: { authorization: "Bearer not-the-ci-bearer-at-all", "x-mono-agent-service-name": "ci" },
      body: "{}",
    });
    expect(wrong.status).toBe(401);
    const result = await call(claim.resultUrl, {
      method: "PUT",
      token: claim.token,
      body: { idempotencyKey: "r1", payload: { step: "lint", status: "failed" } },
    });
    expect(result.status).toBe(202);

    // The operator API, with the bearer the service wrote into its state folder.
    const operator = readFileSync(join(dir, ".mono-agent", "continuations", "operator.token"), "utf8").trim();
    const record = await waitFor(async () => {
      const page = await call(`${service}/v1/operator/continuations`, { method: "GET", token: operator });
      const [first] = page.body["records"] as { state: string; originRunId: string }[];
      return first?.state === "delivered" ? first : undefined;
    }, "the detached delivery");
    expect(record).toMatchObject({
      originRunId: "detached:ci:nightly-7",
      originContextState: "detached_latest",
    });

    const synthesisText = (synthesisContext as Context).messages
      .map((message) =>
        typeof message.content === "string"
          ? message.content
          : message.content.map((block) => (block.type === "text" ? block.text : "")).join(""),
      )
      .join("\n");
    expect(synthesisText).toContain("watch the nightly build");
    expect(synthesisText).toContain("I will tell you when the nightly build breaks.");
    expect(synthesisText).toContain('"step": "lint"');
    expect(messagesOfRun(conversationStoreFile(app.loaded), `continuation-${claim.continuationId}`)).toEqual([
      { conversationId: "cli:ops", role: "assistant", text: "The nightly build broke in the lint step." },
    ]);
  });

  test("an unset or short bearer variable keeps the service off, and each run names the variable", async () => {
    for (const env of [{}, { CI_RUNNER_TOKEN: "tiny-bearer" }]) {
      const { faux, customModels } = fauxModel();
      const app = await startMonoAgentApp({
        config: { runtime: { model: "faux:faux-1" }, continuations: continuationsConfig(await freePort()) },
        cwd: makeAgentDir(),
        env: { PATH: process.env.PATH, ...env },
        customModels,
      });
      cleanups.push(() => app.close());
      faux.setResponses([fauxAssistantMessage("still here")]);
      const run = await app.run({ input: "hello" });
      expect(run.status).toBe("succeeded");
      const warning = run.warnings.find((entry) => entry.kind === "continuations_unavailable");
      expect(warning?.message).toContain("CI_RUNNER_TOKEN");
      expect(warning?.message).not.toContain("tiny-bearer");
    }
  });
});
