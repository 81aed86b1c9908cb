import { startHttpServer } from "@mono-agent/http-kit/node";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { MonoAgentRuntimeError } from "../../src/runtime/runtime-error.js";
import { isWebConsoleError } from "../../src/web/is-web-console-error.js";
import { failureAnswer as answerFailure } from "../../src/web/web-http.js";

/** Answers one loopback request with the console's answer to `error`; returns the status and the JSON body. */
async function failureAnswer(error: unknown): Promise<{ status: number; body: unknown }> {
  const app = new Hono();
  app.get("/", () => {
    throw error;
  });
  app.onError((thrown, c) => answerFailure(c, thrown));
  const server = await startHttpServer({ fetch: app.fetch, host: "127.0.0.1", port: 0 });
  try {
    const response = await fetch(`${server.origin}/`);
    return { status: response.status, body: await response.json() };
  } finally {
    await server.close();
  }
}

describe("the web console's HTTP errors", () => {
  it("map web codes to their status and every other MonoAgentRuntimeError to a 500 internal_error", async () => {
    expect(await failureAnswer(new MonoAgentRuntimeError("thread_busy", "busy"))).toEqual({
      status: 409,
      body: { error: { code: "thread_busy", message: "busy" } },
    });
    expect(
      await failureAnswer(new MonoAgentRuntimeError("invalid_request", "The body is too large.")),
    ).toEqual({
      status: 413,
      body: { error: { code: "invalid_request", message: "The body is too large." } },
    });
    const runtimeFailure = new MonoAgentRuntimeError("conversation_store_failed", "Could not read.");
    expect(isWebConsoleError(runtimeFailure)).toBe(false);
    expect(await failureAnswer(runtimeFailure)).toEqual({
      status: 500,
      body: { error: { code: "internal_error", message: "Could not read." } },
    });
    expect(isWebConsoleError(new MonoAgentRuntimeError("call_failed", "x"))).toBe(false);
  });
});
