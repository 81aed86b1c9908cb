import { request as httpRequest } from "node:http";
import { afterEach, describe, expect, test } from "vitest";
import { openRunHistoryHarness } from "./run-history-harness.js";

const harnesses: ReturnType<typeof openRunHistoryHarness>[] = [];
afterEach(async () => {
  for (const opened of harnesses.splice(0)) await opened.closeAll();
});

/** A raw JSON-RPC `tools/list` POST with a chosen Host header: the HTTP status, or the connection error. */
function rawPost(url: string, host: string): Promise<number> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "POST",
        headers: { host, "content-type": "application/json", accept: "application/json, text/event-stream" },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on("error", reject);
    request.end(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }));
  });
}

describe("RunHistory's request-scoped endpoint", () => {
  test("a wrong path, a wrong Host header and a request after the run ended are rejected", async () => {
    const opened = openRunHistoryHarness();
    harnesses.push(opened);
    await opened.seed({ runId: "run-old" });
    const provided = await opened.provide({ runId: "run-now" });
    const server = provided.servers[0];
    const url = server?.transport === "http" ? server.url : "";
    const { origin, port } = new URL(url);
    expect(await rawPost(url, `127.0.0.1:${port}`)).toBe(200);
    expect(await rawPost(`${origin}/mcp/00000000-0000-4000-8000-000000000000`, `127.0.0.1:${port}`)).toBe(
      404,
    );
    expect(await rawPost(`${origin}/mcp`, `127.0.0.1:${port}`)).toBe(404);
    expect(await rawPost(`${url}/extra`, `127.0.0.1:${port}`)).toBe(404);
    expect(await rawPost(url, `localhost:${port}`)).toBe(404);
    expect(await rawPost(url, "127.0.0.1")).toBe(404);
    expect(await rawPost(url, `evil.example:${port}`)).toBe(404);
    await provided.cleanup();
    await expect(rawPost(url, `127.0.0.1:${port}`)).rejects.toThrow();
  });

  test("two concurrent runs get different endpoints and neither sees the other's current run", async () => {
    const opened = openRunHistoryHarness();
    harnesses.push(opened);
    await opened.seed({ runId: "run-old", userInput: "shared question" });
    await opened.seed({ runId: "run-one", status: "running", userInput: "shared question" });
    await opened.seed({ runId: "run-two", status: "running", userInput: "shared question" });
    const one = await opened.connect({ runId: "run-one" });
    const two = await opened.connect({ runId: "run-two" });
    expect(one.url).not.toBe(two.url);
    const [listOne, listTwo] = await Promise.all([one.call({}), two.call({})]);
    expect(listOne.body.runs.map((run: { runId: string }) => run.runId)).toEqual(["run-old"]);
    expect(listTwo.body.runs.map((run: { runId: string }) => run.runId)).toEqual(["run-old"]);
    expect((await one.call({ runId: "run-two" })).body.error.code).toBe("run_incomplete");
    expect((await one.call({ runId: "run-one" })).body.error.code).toBe("current_run");
    expect((await two.call({ runId: "run-one" })).body.error.code).toBe("run_incomplete");
    await opened.store.completeRun("run-one", {
      status: "succeeded",
      updatedAtMs: Date.parse("2026-03-02T00:00:00Z"),
      endedAtMs: Date.parse("2026-03-02T00:00:00Z"),
      durationMs: 1,
      eventCount: 0,
      eventsDropped: 0,
      toolCallCount: 0,
      toolErrorCount: 0,
      tools: [],
      warnings: [],
      usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0, costUsd: 0 },
      mcpServersUsed: [],
    });
    expect((await two.call({})).body.runs.map((run: { runId: string }) => run.runId)).toEqual([
      "run-one",
      "run-old",
    ]);
    expect((await one.call({})).body.runs.map((run: { runId: string }) => run.runId)).toEqual(["run-old"]);
    expect(
      (await one.call({ query: "shared question" })).body.runs.map((run: { runId: string }) => run.runId),
    ).toEqual(["run-old"]);
  });
});
