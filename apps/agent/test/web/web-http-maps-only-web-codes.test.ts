import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { MonoAgentRuntimeError } from "../../src/runtime/runtime-error.js";
import { isWebConsoleError } from "../../src/web/is-web-console-error.js";
import { sendFailure } from "../../src/web/web-http.js";

/** Answers one loopback request with `sendFailure(error)`; returns the status and the JSON body. */
async function failureAnswer(error: unknown): Promise<{ status: number; body: unknown }> {
  const server = createServer((_request, response) => sendFailure(response, error));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`);
    return { status: response.status, body: await response.json() };
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
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
    expect(isWebConsoleError(new MonoAgentRuntimeError("path_outside_workspace", "x"))).toBe(false);
  });
});
