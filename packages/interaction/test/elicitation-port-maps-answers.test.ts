import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { elicitationPortFor } from "../src/node.js";
import { brokerInTempDir, type RecordingChannel, recordingChannel, until } from "./fixtures/ask-test-kit.js";

const RUN = {
  runId: "run-1",
  conversationId: "web:thread-a",
  signal: new AbortController().signal,
  audience: { anyone: true } as const,
};
const BY = { channel: "web" };

let web: RecordingChannel;
let asks: ReturnType<typeof brokerInTempDir>;
beforeEach(() => {
  web = recordingChannel("web");
  asks = brokerInTempDir({ channels: [web] });
});
afterEach(() => asks.close());

describe("elicitationPortFor", () => {
  it("is undefined where no channel can answer a form or a link", () => {
    expect(
      elicitationPortFor(
        { broker: asks.broker, askUserTimeoutMs: null },
        { ...RUN, conversationId: "cli:x" },
      ),
    ).toBeUndefined();
  });

  it("asks a form through the channel and answers the server with its content", async () => {
    const port = elicitationPortFor({ broker: asks.broker, askUserTimeoutMs: 60_000 }, RUN);
    expect(port?.modes).toEqual({ form: true, url: true });
    const result = port?.elicit(
      {
        serverName: "deploy",
        params: {
          message: "Which region?",
          requestedSchema: { type: "object", properties: { region: { type: "string" } } },
        },
      },
      new AbortController().signal,
    );
    await until(() => web.presented.length === 1);
    expect(web.presented[0]?.prompt).toMatchObject({ kind: "form", serverName: "deploy" });
    asks.broker.answer(
      web.presented[0]!.askId,
      { kind: "form", action: "accept", content: { region: "eu" } },
      BY,
    );
    expect(await result).toEqual({ action: "accept", content: { region: "eu" } });
  });

  it("answers cancel when the request is aborted", async () => {
    const port = elicitationPortFor({ broker: asks.broker, askUserTimeoutMs: 60_000 }, RUN);
    const abort = new AbortController();
    const result = port?.elicit(
      {
        serverName: "deploy",
        params: { mode: "url", message: "Log in", url: "https://example.test/login", elicitationId: "e1" },
      },
      abort.signal,
    );
    await until(() => web.presented.length === 1);
    abort.abort();
    expect(await result).toEqual({ action: "cancel" });
  });
});
