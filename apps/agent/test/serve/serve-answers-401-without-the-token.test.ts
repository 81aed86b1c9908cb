import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ScriptedModelServer, startScriptedModelServer } from "./scripted-model-server.js";
import { makeWebAgentFolder, type ServeProcess, startServe, TEST_WEB_TOKEN } from "./serve-process.js";

let model: ScriptedModelServer;
let serve: ServeProcess;

beforeAll(async () => {
  model = await startScriptedModelServer();
  serve = await startServe(makeWebAgentFolder(model.baseUrl), {
    env: { MONO_AGENT_WEB_TOKEN: TEST_WEB_TOKEN },
  });
}, 90_000);

afterAll(async () => {
  await serve?.stop();
  await model?.close();
});

const ROUTES: [string, string][] = [
  ["GET", "/"],
  ["GET", "/t/some-thread"],
  ["GET", "/runs"],
  ["GET", "/assets/app.js"],
  ["GET", "/assets/app.css"],
  ["GET", "/api/threads"],
  ["GET", "/api/features"],
  ["GET", "/api/events"],
  ["GET", "/api/threads/some-thread"],
  ["POST", "/api/threads"],
  ["POST", "/api/session"],
  ["PATCH", "/api/threads/some-thread"],
  ["POST", "/api/threads/some-thread/messages"],
  ["POST", "/api/threads/some-thread/cancel"],
  ["POST", "/api/threads/some-thread/archive"],
  ["GET", "/no/such/route"],
];

describe("mono-agent serve: the operator token guards every route", () => {
  it("prints the URL with the token once, on the start-up line, and binds loopback", () => {
    expect(serve.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/#token=${TEST_WEB_TOKEN}$`));
    expect(serve.stdout().split(TEST_WEB_TOKEN)).toHaveLength(2);
    expect(serve.stderr()).not.toContain(TEST_WEB_TOKEN);
  });

  it.each(ROUTES)("%s %s answers 401 without the token, and with a wrong one", async (method, path) => {
    for (const headers of [
      {},
      { authorization: "Bearer wrong-token-wrong-token-wrong" },
      { cookie: "mono_agent_web_1=nope" },
    ] as Record<string, string>[]) {
      const response = await fetch(`${serve.origin}${path}`, {
        method,
        headers,
        ...(method === "GET" ? {} : { body: "{}" }),
      });
      expect(response.status).toBe(401);
      const text = await response.text();
      expect(text).not.toContain(TEST_WEB_TOKEN);
    }
  });

  it("lets the token in as a bearer header, and as the session cookie for reading", async () => {
    const bearer = { authorization: `Bearer ${TEST_WEB_TOKEN}` };
    expect((await fetch(`${serve.origin}/api/threads`, { headers: bearer })).status).toBe(200);
    const session = await fetch(`${serve.origin}/api/session`, { method: "POST", headers: bearer });
    expect(session.status).toBe(204);
    const cookie = session.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const cookieHeader = { cookie: cookie.split(";")[0] ?? "" };
    expect((await fetch(`${serve.origin}/`, { headers: cookieHeader })).status).toBe(200);
    // A change made with the cookie alone (what a cross-site form could send) is refused.
    expect(
      (await fetch(`${serve.origin}/api/threads`, { method: "POST", headers: cookieHeader })).status,
    ).toBe(401);
    const created = await fetch(`${serve.origin}/api/threads`, {
      method: "POST",
      headers: { ...cookieHeader, "x-mono-agent-console": "1" },
    });
    expect(created.status).toBe(201);
  });

  it("refuses a foreign Host header even with the token (DNS rebinding)", async () => {
    const { request } = await import("node:http");
    const url = new URL(serve.origin);
    const status = await new Promise<number | undefined>((resolve, reject) => {
      request(
        {
          host: url.hostname,
          port: url.port,
          path: "/api/threads",
          headers: { host: "evil.example", authorization: `Bearer ${TEST_WEB_TOKEN}` },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode);
        },
      )
        .on("error", reject)
        .end();
    });
    expect(status).toBe(421);
  });
});
