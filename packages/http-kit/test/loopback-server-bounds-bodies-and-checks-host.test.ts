import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  bearerToken,
  exactHost,
  HttpKitError,
  jsonError,
  loopbackHostNames,
  noStoreHeaders,
  readJsonBody,
} from "../src/index.js";
import { type HttpServer, startHttpServer } from "../src/node.js";

const MAX_BYTES = 1_024;
let server: HttpServer;

beforeAll(async () => {
  const app = new Hono();
  app.use(noStoreHeaders());
  app.use(
    exactHost({
      allowed: () => loopbackHostNames(server.port),
      message: "use the loopback address",
    }),
  );
  app.post("/echo", async (c) => {
    try {
      const body = await readJsonBody(c.req.raw, { maxBytes: MAX_BYTES, emptyIsObject: true });
      return c.json({ body, bearer: bearerToken(c.req.header("authorization")) ?? null });
    } catch (error) {
      if (!HttpKitError.isInstance(error)) throw error;
      return jsonError(c, error.code === "body_too_large" ? 413 : 400, error.code, error.message);
    }
  });
  server = await startHttpServer({ fetch: app.fetch, host: "127.0.0.1", port: 0 });
});
afterAll(() => server.close());

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** One raw request: any Host header, the body in chunks (chunked transfer when `chunked`). */
function send(options: { host?: string; body?: string; chunked?: boolean; authorization?: string }) {
  return new Promise<Answer>((resolve, reject) => {
    const body = options.body ?? "";
    const req = httpRequest({
      host: "127.0.0.1",
      port: server.port,
      path: "/echo",
      method: "POST",
      headers: {
        host: options.host ?? `127.0.0.1:${server.port}`,
        "content-type": "application/json",
        ...(options.chunked ? {} : { "content-length": Buffer.byteLength(body) }),
        ...(options.authorization ? { authorization: options.authorization } : {}),
      },
    });
    req.on("response", (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => {
        text += chunk.toString("utf8");
      });
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) }),
      );
    });
    req.on("error", reject);
    if (options.chunked)
      for (let index = 0; index < body.length; index += 100) req.write(body.slice(index, index + 100));
    else req.write(body);
    req.end();
  });
}

describe("a hono app on startHttpServer with the kit's middleware", () => {
  test("a JSON object is read; the bearer is parsed; no-store and nosniff are on the answer", async () => {
    const answer = await send({ body: '{"a":[1,{"b":2}]}', authorization: "Bearer abc.DEF-1" });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ body: { a: [1, { b: 2 }] }, bearer: "abc.DEF-1" });
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect((await send({ body: "" })).body).toEqual({ body: {}, bearer: null });
  });

  test("a declared or streamed body over the limit is 413 body_too_large", async () => {
    const big = JSON.stringify({ pad: "x".repeat(MAX_BYTES) });
    for (const chunked of [false, true]) {
      const answer = await send({ body: big, chunked });
      expect(answer.status).toBe(413);
      expect(answer.body).toMatchObject({ error: { code: "body_too_large" } });
    }
  });

  test("deep nesting, non-JSON and non-objects are 400 with their codes", async () => {
    expect((await send({ body: `${"[".repeat(500)}${"]".repeat(500)}` })).body).toMatchObject({
      error: { code: "body_too_deep", message: expect.stringContaining("64 levels") },
    });
    expect((await send({ body: "{nope" })).body).toMatchObject({ error: { code: "invalid_json" } });
    expect((await send({ body: "[1]" })).body).toMatchObject({ error: { code: "body_not_object" } });
  });

  test("a foreign or missing Host is refused before the route runs; every loopback name is accepted", async () => {
    for (const host of [
      "evil.example",
      `evil.example:${server.port}`,
      "127.0.0.1:1",
      `LOCALHOST:${server.port}`,
    ]) {
      const answer = await send({ host, body: "{}" });
      expect(answer.status, host).toBe(421);
      expect(answer.body).toMatchObject({ error: { code: "wrong_host" } });
      expect(answer.headers["cache-control"]).toBe("no-store");
    }
    for (const host of [`localhost:${server.port}`, `[::1]:${server.port}`])
      expect((await send({ host, body: "{}" })).status, host).toBe(200);
  });

  test("bytes after a request that do not parse end the connection after that request's answer, not over it", async () => {
    const raw = (text: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(server.port, "127.0.0.1");
        let received = "";
        socket.on("data", (chunk) => {
          received += chunk.toString("utf8");
        });
        socket.on("close", () => resolve(received));
        socket.on("error", reject);
        socket.end(text);
      });
    const host = `host: 127.0.0.1:${server.port}`;
    const answered = await raw(
      `POST /echo HTTP/1.1\r\n${host}\r\ncontent-length: 2\r\n\r\n{}{not a request}\r\n\r\n`,
    );
    expect(answered).toMatch(/^HTTP\/1\.1 200 /);
    expect(answered).not.toContain("400 Bad Request");
    expect(await raw("{not a request}\r\n\r\n")).toMatch(/^HTTP\/1\.1 400 Bad Request/);
  });
});
