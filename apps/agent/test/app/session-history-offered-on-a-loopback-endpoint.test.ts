import { request as httpRequest } from "node:http";
import { createToolPolicy } from "@mono-agent/policy";
import { afterEach, describe, expect, test } from "vitest";
import { sessionHistoryToolProvider } from "../../src/app/history/session-history-provider.js";
import { type ConnectedSessionHistory, openHarness } from "./session-history-harness.js";

const open: ConnectedSessionHistory[] = [];
afterEach(async () => {
  for (const session of open.splice(0)) await session.close();
});

function harnessWith() {
  const harness = openHarness();
  const connect = async (input: Parameters<typeof harness.connect>[0]) => {
    const session = await harness.connect(input);
    open.push(session);
    return session;
  };
  return { ...harness, connect };
}

function offered(policy: { allowedTools?: string[]; disallowedTools?: string[] }) {
  const harness = openHarness();
  return sessionHistoryToolProvider({
    store: harness.store,
    policy: createToolPolicy(policy),
    rollover: "none",
  })({
    runId: "run-now",
    conversationId: "cli:default",
    signal: new AbortController().signal,
  });
}

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

describe("SessionHistory as the app hosts it: no config key, offered by policy, on a request-scoped loopback endpoint (seed page)", () => {
  test("It has no config key.", async () => {
    const { loadMonoAgentConfig } = await import("@mono-agent/config");
    await expect(
      loadMonoAgentConfig({ cwd: openHarness().root, env: {}, config: { sessionHistory: {} } }),
    ).rejects.toThrow(/sessionHistory/);
    expect((await offered({})).servers.map((server) => server.name)).toEqual(["mono-agent-session-history"]);
  });

  test("Allow-all exposes it automatically on compatible routes; a restrictive policy must name SessionHistory (session_history is a deprecated policy alias), and disallowedTools can remove it.", async () => {
    const count = async (policy: { allowedTools?: string[]; disallowedTools?: string[] }) => {
      const provided = await offered(policy);
      await provided.cleanup();
      return provided.servers.length;
    };
    expect(await count({})).toBe(1);
    expect(await count({ allowedTools: ["Read"] })).toBe(0);
    expect(await count({ allowedTools: ["SessionHistory"] })).toBe(1);
    expect(await count({ allowedTools: ["session_history"] })).toBe(1);
    expect(await count({ disallowedTools: ["SessionHistory"] })).toBe(0);
  });

  test("The endpoint is bound to a random per-request loopback capability path, requires the exact loopback Host header, creates a fresh stateless MCP server/transport for every HTTP request, and disappears at request cleanup.", async () => {
    const harness = harnessWith();
    const first = await harness.connect({ runId: "run-a" });
    const second = await harness.connect({ runId: "run-b" });
    expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp\/[0-9a-f-]{36}$/);
    expect(first.url).not.toBe(second.url);
    const port = new URL(first.url).port;
    expect(await rawPost(first.url, `localhost:${port}`)).toBe(404);
    expect(await rawPost(`${new URL(first.url).origin}/mcp/other`, `127.0.0.1:${port}`)).toBe(404);
    await first.call({});
    await first.call({});
    await first.close();
    open.splice(open.indexOf(first), 1);
    await expect(rawPost(first.url, `127.0.0.1:${port}`)).rejects.toThrow();
  });
});
