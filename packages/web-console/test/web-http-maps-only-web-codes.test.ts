import { startHttpServer } from "@mono-agent/http-kit/node";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { failureAnswer as answerFailure } from "../src/node/web-http.js";
import { WebConsoleError } from "../src/web-console-error.js";

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
  it("map web codes to their status and every other error to a 500 internal_error", async () => {
    expect(await failureAnswer(new WebConsoleError("thread_busy", "busy"))).toEqual({
      status: 409,
      body: { error: { code: "thread_busy", message: "busy" } },
    });
    expect(await failureAnswer(new WebConsoleError("invalid_request", "The body is too large."))).toEqual({
      status: 413,
      body: { error: { code: "invalid_request", message: "The body is too large." } },
    });
    // An error of another package that happens to carry a code the console knows is still a 500.
    const runtimeFailure = Object.assign(new Error("Could not read."), { code: "thread_busy" });
    expect(WebConsoleError.isInstance(runtimeFailure)).toBe(false);
    expect(await failureAnswer(runtimeFailure)).toEqual({
      status: 500,
      body: { error: { code: "internal_error", message: "Could not read." } },
    });
    expect(WebConsoleError.isInstance(new Error("x"))).toBe(false);
  });
});
