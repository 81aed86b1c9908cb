import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback OpenAI-compatible chat-completions server whose answers follow directives in the latest user
 * message, so a test can script a run from the browser:
 *
 * - `[title: X]` calls the offered tool ending in `SetConversationTitle` with `{"title":"X"}` (first step only).
 * - `[title-json: {...}]` calls it with that raw JSON as arguments.
 * - `[hold:NAME]` waits at the first step until the test releases gate NAME.
 * - `[stream-hold:NAME]` streams the first half of the answer, then waits for gate NAME, then the rest.
 * - `[call: NAME {json}]` calls the offered tool whose name ends with `__NAME` with those arguments (first step).
 * - `[result-say: TEXT]` is the answer to a request that offers no tools at all (a continuation synthesis,
 *   whose prompt quotes the origin conversation).
 * - `[say: TEXT]` is the answer text (default: `Answer to <n words>`); with no title tool offered while a
 *   title was asked for, the answer is `No title tool was offered.`
 */
export interface ScriptedModelServer {
  baseUrl: string;
  /** Request bodies in arrival order. */
  requests: { messages: unknown[]; toolNames: string[] }[];
  /** A gate a directive waits on: `reached` resolves when a run waits there; `release()` lets it go. */
  gate(name: string): { reached: Promise<void>; release(): void };
  close(): Promise<void>;
}

interface Gate {
  reached: Promise<void>;
  markReached: () => void;
  released: Promise<void>;
  release: () => void;
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((part) => (part as { text?: string }).text ?? "").join("");
  return "";
}

export async function startScriptedModelServer(): Promise<ScriptedModelServer> {
  const gates = new Map<string, Gate>();
  const gateNamed = (name: string): Gate => {
    let gate = gates.get(name);
    if (!gate) {
      const reached = deferred();
      const released = deferred();
      gate = {
        reached: reached.promise,
        markReached: reached.resolve,
        released: released.promise,
        release: released.resolve,
      };
      gates.set(name, gate);
    }
    return gate;
  };
  const requests: ScriptedModelServer["requests"] = [];
  let counter = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (request.method !== "POST" || request.url !== "/v1/chat/completions") {
        response.writeHead(404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        messages: { role: string; content: unknown }[];
        tools?: { function: { name: string } }[];
        model: string;
      };
      const toolNames = (body.tools ?? []).map((tool) => tool.function.name);
      requests.push({ messages: body.messages, toolNames });
      void answer(response, body.messages, toolNames, body.model, ++counter).catch(() => response.destroy());
    });
  });

  const answer = async (
    response: ServerResponse,
    messages: { role: string; content: unknown }[],
    toolNames: string[],
    model: string,
    number: number,
  ) => {
    const lastUser = messages.map((message) => message.role).lastIndexOf("user");
    const userText = textOf(messages[lastUser]?.content);
    const firstStep = !messages.slice(lastUser + 1).some((message) => message.role === "tool");
    const directive = (name: string) => new RegExp(`\\[${name}:\\s*([^\\]]*)\\]`).exec(userText)?.[1]?.trim();
    const send = (delta: object, finish: string | null = null) =>
      response.write(
        `data: ${JSON.stringify({ id: `chatcmpl-${number}`, object: "chat.completion.chunk", created: 1_700_000_000, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
      );
    response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const hold = directive("hold");
    if (firstStep && hold) {
      const gate = gateNamed(hold);
      gate.markReached();
      await gate.released;
    }
    const titleTool = toolNames.find((name) => name.endsWith("SetConversationTitle"));
    const title = directive("title");
    const titleJson = /\[title-json:\s*(\{.*?\})\]/.exec(userText)?.[1];
    if (firstStep && titleTool && (title !== undefined || titleJson !== undefined)) {
      const args = titleJson ?? JSON.stringify({ title });
      send({
        role: "assistant",
        content: null,
        tool_calls: [
          { index: 0, id: `call_${number}`, type: "function", function: { name: titleTool, arguments: "" } },
        ],
      });
      send({ tool_calls: [{ index: 0, function: { arguments: args } }] });
      send({}, "tool_calls");
      response.end("data: [DONE]\n\n");
      return;
    }
    const call = /\[call:\s*(\S+)\s*(\{.*?\})\]/.exec(userText);
    const callTool = call && toolNames.find((name) => name.endsWith(`__${call[1]}`));
    if (firstStep && call && callTool) {
      send({
        role: "assistant",
        content: null,
        tool_calls: [
          { index: 0, id: `call_${number}`, type: "function", function: { name: callTool, arguments: "" } },
        ],
      });
      send({ tool_calls: [{ index: 0, function: { arguments: call[2] } }] });
      send({}, "tool_calls");
      response.end("data: [DONE]\n\n");
      return;
    }
    const said = (toolNames.length === 0 ? directive("result-say") : undefined) ?? directive("say");
    const text =
      said ??
      (title !== undefined && !titleTool
        ? "No title tool was offered."
        : `Answer to ${userText.split(/\s+/).length} words.`);
    const words = text.match(/\S+\s*/g) ?? [];
    const streamHold = directive("stream-hold");
    const half = Math.ceil(words.length / 2);
    send({ role: "assistant", content: "" });
    for (const [index, word] of words.entries()) {
      if (streamHold && index === half) {
        const gate = gateNamed(streamHold);
        gate.markReached();
        await gate.released;
      }
      send({ content: word });
    }
    send({}, "stop");
    response.end("data: [DONE]\n\n");
  };

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    gate: (name) => {
      const gate = gateNamed(name);
      return { reached: gate.reached, release: gate.release };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const gate of gates.values()) gate.release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
