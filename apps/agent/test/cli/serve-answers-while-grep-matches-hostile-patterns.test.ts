import { writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeWebAgentFolder, type ServeProcess, startServe, TEST_WEB_TOKEN } from "../serve/serve-process.js";

/**
 * A loopback chat-completions server: a user message `grep {json}` makes the first step call Grep with
 * those arguments; the step after the tool result answers `grep result: <the result text>`, and any
 * other message is answered `pong`. It records when it sent the call and when the result came back.
 */
async function startGrepModel() {
  const timings: { calledAt: number; resultAt?: number }[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        messages: { role: string; content: unknown }[];
      };
      const text = (content: unknown) =>
        typeof content === "string"
          ? content
          : ((content as { text?: string }[] | undefined) ?? []).map((part) => part.text ?? "").join("");
      const lastUser = body.messages.map((message) => message.role).lastIndexOf("user");
      const userText = text(body.messages[lastUser]?.content);
      const toolResult = body.messages.slice(lastUser + 1).find((message) => message.role === "tool");
      const send = (delta: object, finish: string | null = null) =>
        response.write(
          `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
        );
      response.writeHead(200, { "content-type": "text/event-stream" });
      const grep = /^grep (\{.*\})$/.exec(userText);
      if (grep && !toolResult) {
        timings.push({ calledAt: performance.now() });
        send({
          role: "assistant",
          content: null,
          tool_calls: [
            { index: 0, id: "call_1", type: "function", function: { name: "Grep", arguments: "" } },
          ],
        });
        send({ tool_calls: [{ index: 0, function: { arguments: grep[1] } }] });
        send({}, "tool_calls");
      } else {
        const last = timings[timings.length - 1];
        if (grep && last) last.resultAt = performance.now();
        send({ role: "assistant", content: grep ? `grep result: ${text(toolResult?.content)}` : "pong" });
        send({}, "stop");
      }
      response.end("data: [DONE]\n\n");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    timings,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let model: Awaited<ReturnType<typeof startGrepModel>>;
let serve: ServeProcess;

beforeAll(async () => {
  model = await startGrepModel();
  const agentDir = makeWebAgentFolder(model.baseUrl);
  writeFileSync(join(agentDir, "hostile.txt"), `${"a".repeat(33)}!\n`);
  serve = await startServe(agentDir, { env: { MONO_AGENT_WEB_TOKEN: TEST_WEB_TOKEN } });
}, 90_000);

afterAll(async () => {
  await serve?.stop();
  await model?.close();
});

const api = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${serve.origin}${path}`, {
    method,
    headers: { authorization: `Bearer ${TEST_WEB_TOKEN}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the test reads the console's JSON answers
  return (await response.json()) as any;
};

/**
 * Runs `text` in a new thread while another thread is read every 20 ms; returns the assistant's answer
 * and every read of the other thread (when it started and ended).
 */
async function runWhilePolling(text: string) {
  const busy = (await api("POST", "/api/threads")).thread.threadId as string;
  const other = (await api("POST", "/api/threads")).thread.threadId as string;
  await api("POST", `/api/threads/${busy}/messages`, { text });
  const polls: { start: number; end: number }[] = [];
  for (;;) {
    const start = performance.now();
    await api("GET", `/api/threads/${other}`);
    polls.push({ start, end: performance.now() });
    const turn = (await api("GET", `/api/threads/${busy}`)).turns[0];
    if (turn?.status !== undefined && turn.status !== "running") return { turn, polls };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The slowest read of the other thread that overlapped the Grep call (tool call sent to result back). */
function slowestDuringGrep(polls: readonly { start: number; end: number }[]) {
  const { calledAt, resultAt } = model.timings[model.timings.length - 1]!;
  const during = polls.filter((poll) => poll.end >= calledAt && poll.start <= resultAt!);
  return { during: during.length, slowestMs: Math.max(0, ...during.map((poll) => poll.end - poll.start)) };
}

describe("mono-agent serve stays responsive while Grep matches a hostile pattern", () => {
  // A backtracking engine needs about 2^33 steps here (minutes) and would block the thread it runs on;
  // the bounds below are wide enough for a loaded CI machine and far below that.
  it('Grep {"pattern":"(a+)+$"} over 34 characters answers within 10 s; the other thread answers within 1 s', async () => {
    const { turn, polls } = await runWhilePolling('grep {"pattern":"(a+)+$"}');
    expect(turn.assistantText).toBe("grep result: No matches for (a+)+$");
    const timing = model.timings[model.timings.length - 1]!;
    const { during, slowestMs } = slowestDuringGrep(polls);
    console.log(
      `Grep (a+)+$: tool call to result ${(timing.resultAt! - timing.calledAt).toFixed(0)} ms; ` +
        `${during} read(s) of the other thread meanwhile, the slowest ${slowestMs.toFixed(0)} ms`,
    );
    expect(timing.resultAt! - timing.calledAt).toBeLessThan(10_000);
    expect(slowestMs).toBeLessThan(1_000);
  });

  it("a backtracking-only pattern (lookahead) runs out of its 5 s budget with a clear tool error, off the event loop", async () => {
    const { turn, polls } = await runWhilePolling('grep {"pattern":"(?=(a+)+$)b"}');
    expect(turn.assistantText).toContain("did not finish matching within 5 s, its time budget");
    expect(turn.assistantText).toContain("literal: true");
    const { during, slowestMs } = slowestDuringGrep(polls);
    console.log(
      `Grep (?=(a+)+$)b: ${during} reads of the other thread meanwhile, the slowest ${slowestMs.toFixed(0)} ms`,
    );
    expect(during).toBeGreaterThan(10);
    expect(slowestMs).toBeLessThan(200);
  });
});
