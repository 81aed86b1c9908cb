import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { attachWebAskChannel, type InteractionHost } from "../src/host.js";
import { createAskUserServer } from "../src/node.js";
import { brokerInTempDir, type FakeClock, fakeClock, until } from "./fixtures/ask-test-kit.js";

/** The AskUser wait of these tests (`interaction.askUser.timeoutMs`). */
const TIMEOUT_MS = 60_000;

let clock: FakeClock;
let asks: ReturnType<typeof brokerInTempDir>;
let web: ReturnType<typeof attachWebAskChannel>;
let runEnd: AbortController;

beforeEach(() => {
  clock = fakeClock();
  asks = brokerInTempDir({ clock });
  // The web console's ask source over a host made of the real broker and store.
  const host = { broker: asks.broker, store: asks.store, addChannel: asks.broker.addChannel };
  web = attachWebAskChannel(host as unknown as InteractionHost);
  runEnd = new AbortController();
});
afterEach(() => {
  runEnd.abort();
  asks.close();
});

/** A real MCP client connected to a fresh AskUser server of a run in `conversationId`. */
async function askUserClient(conversationId = "web:thread-a"): Promise<Client> {
  const server = createAskUserServer({
    broker: asks.broker,
    runId: "run-1",
    conversationId,
    timeoutMs: TIMEOUT_MS,
    signal: runEnd.signal,
    audience: { anyone: true },
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(clientSide);
  return client;
}

const call = async (client: Client, args: unknown) =>
  (await client.callTool({ name: "AskUser", arguments: args as Record<string, unknown> })) as CallToolResult;
const textOf = (result: CallToolResult) =>
  result.content.map((part) => (part.type === "text" ? part.text : "")).join("");

const option = (label: string) => ({ label });
const question = (fields: object = {}) => ({
  header: "Pick",
  question: "Which one?",
  options: [option("A"), option("B")],
  ...fields,
});
const pendingAsk = () => asks.store.listPending()[0];

describe("AskUser against hostile input", () => {
  test("schema-invalid input is an error result naming the field and the accepted form; nothing is asked", async () => {
    const client = await askUserClient();
    const cases: [unknown, string][] = [
      [{ questions: [] }, "questions must be an array of 1 to 5 questions"],
      [{ questions: Array.from({ length: 6 }, (_, i) => question({ header: `Q${i}` })) }, "1 to 5"],
      [{ questions: [question({ options: [option("only")] })] }, "options must be an array of 2 to 3"],
      [{ questions: [question({ options: ["A", "B", "C", "D"].map(option) })] }, "2 to 3"],
      [{ questions: [question({ options: [option("x".repeat(2_001)), option("B")] })] }, "at most 2000"],
      [{ questions: [question({ header: "thirteen char" })] }, "at most 12"],
      [
        { questions: [question({ options: [option("\u001b[2J\u001b[HRed"), option("B")] })] },
        "control characters",
      ],
      [
        { questions: [question({ options: [option("Deny\u202E ylppa"), option("B")] })] },
        "bidirectional control",
      ],
      [{ questions: [question({ header: "a\u2066b" })] }, "bidirectional control"],
      [{ questions: [question({ options: [option("Yes\n2) Delete all"), option("B")] })] }, "one line"],
      [{ questions: [question({ options: [option("A"), option("A")] })] }, "repeats another option"],
      [{ questions: [question(), question()] }, "repeats another header"],
      [{ questions: [question({ onclick: "x" })] }, 'unknown field "onclick"'],
      [{ questions: [question()], expiresAt: 0 }, 'unknown field "expiresAt"'],
      [{ questions: [question({ multiSelect: "yes" })] }, "multiSelect must be true or false"],
      [{ questions: [question({ question: "" })] }, "question must be a non-empty string"],
    ];
    for (const [args, message] of cases) {
      const result = await call(client, args);
      expect(result.isError, JSON.stringify(args).slice(0, 80)).toBe(true);
      expect(textOf(result)).toContain("AskUser refused the input");
      expect(textOf(result)).toContain(message);
    }
    expect(asks.store.listByConversation("web:thread-a", 10)).toEqual([]);
  });

  test("HTML in a label is kept as text (channels render text, never markup) and comes back verbatim", async () => {
    const client = await askUserClient();
    const label = '<img src=x onerror="alert(1)">';
    const answered = call(client, { questions: [question({ options: [option(label), option("B")] })] });
    await until(() => pendingAsk() !== undefined);
    const ask = pendingAsk();
    expect(ask?.prompt).toMatchObject({ questions: [{ options: [{ label }, { label: "B" }] }] });
    web.answer("web:thread-a", ask?.askId ?? "", {
      kind: "question",
      via: "callback",
      answers: [{ header: "Pick", selected: [label] }],
    });
    expect(textOf(await answered)).toContain(`Pick: ${label}`);
  });

  test("a second ask while one is pending is refused (409) and the first still gets its answer", async () => {
    const client = await askUserClient("web:thread-a#2026-07-12");
    const other = await askUserClient("web:thread-a#2026-07-13");
    const first = call(client, { questions: [question()] });
    await until(() => pendingAsk() !== undefined);
    const second = await call(other, { questions: [question({ header: "Again" })] });
    expect(second.isError).toBe(true);
    expect(textOf(second)).toContain("409");
    expect(textOf(second)).toContain(pendingAsk()?.askId);
    expect(asks.store.listPending()).toHaveLength(1);
    web.answer("web:thread-a#2026-07-12", pendingAsk()?.askId ?? "", {
      kind: "question",
      via: "text",
      answers: [{ header: "Pick", selected: [], text: "neither" }],
    });
    const result = await first;
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toContain('Pick: "neither"');
  });

  test("answers for a foreign ask id, another thread, another kind or an unknown option are refused; the ask stays pending", async () => {
    const client = await askUserClient();
    const answered = call(client, { questions: [question()] });
    await until(() => pendingAsk() !== undefined);
    const askId = pendingAsk()?.askId ?? "";
    const good = {
      kind: "question" as const,
      via: "callback" as const,
      answers: [{ header: "Pick", selected: ["B"] }],
    };
    expect(() => web.answer("web:thread-a", "00000000-0000-4000-8000-000000000000", good)).toThrow(/No ask/);
    expect(() => web.answer("web:thread-b", askId, good)).toThrow(/in this thread/);
    expect(() =>
      web.answer("web:thread-a", askId, { kind: "approval", decision: "approve", scope: "always" }),
    ).toThrow();
    expect(() =>
      web.answer("web:thread-a", askId, {
        kind: "question",
        via: "callback",
        answers: [{ header: "Pick", selected: ["C"] }],
      }),
    ).toThrow();
    expect(() =>
      web.answer("web:thread-a", askId, {
        kind: "question",
        via: "callback",
        answers: [{ header: "Pick", selected: ["A", "B"] }],
      }),
    ).toThrow();
    expect(asks.store.get(askId)?.status).toBe("pending");
    web.answer("web:thread-a", askId, good);
    expect(textOf(await answered)).toContain("Pick: B");
  });

  test("after expiry the tool says no answer came, and a late answer is refused as not pending", async () => {
    const client = await askUserClient();
    const answered = call(client, { questions: [question()] });
    await until(() => pendingAsk() !== undefined);
    const askId = pendingAsk()?.askId ?? "";
    clock.advance(TIMEOUT_MS);
    const result = await answered;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("expired");
    expect(asks.store.get(askId)?.status).toBe("expired");
    expect(() =>
      web.answer("web:thread-a", askId, {
        kind: "question",
        via: "callback",
        answers: [{ header: "Pick", selected: ["A"] }],
      }),
    ).toThrow(/already expired/);
  });
});
