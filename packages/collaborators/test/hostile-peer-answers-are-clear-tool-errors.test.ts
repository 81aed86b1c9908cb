import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { askCollaboratorClient, peer } from "./support.js";

/** What the hostile peer's JSON-RPC endpoint answers next. */
let mode = "ok";
let port = 0;
let server: Server;
const seenAuthorization: (string | undefined)[] = [];

function card(interfaceUrl: string) {
  return {
    name: "hostile",
    description: "",
    supportedInterfaces: [
      { url: interfaceUrl, protocolBinding: "JSONRPC", tenant: "", protocolVersion: "1.0" },
    ],
    version: "1",
    capabilities: { streaming: true },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: ["text"],
    defaultOutputModes: ["text"],
    skills: [],
    signatures: [],
  };
}

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url?.startsWith("/.well-known/")) {
      const elsewhere = request.url.includes("elsewhere");
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify(card(elsewhere ? `http://127.0.0.2:${port}/rpc` : `http://127.0.0.1:${port}/rpc`)),
      );
      return;
    }
    seenAuthorization.push(request.headers.authorization);
    request.resume();
    request.on("end", () => {
      if (mode === "slow") return; // never answers
      if (mode === "refuse") {
        response.writeHead(401, { "content-type": "application/json" });
        response.end("{}");
      } else if (mode === "oversized") {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ jsonrpc: "2.0", id: 1, result: { padding: "x".repeat(200_000) } }));
      } else if (mode === "oversized-stream") {
        response.writeHead(200, { "content-type": "text/event-stream" });
        const event = `data: ${JSON.stringify({ jsonrpc: "2.0", id: 1, result: { statusUpdate: { taskId: "t", contextId: "c", status: { state: "TASK_STATE_WORKING", message: { role: "ROLE_AGENT", messageId: "m", parts: [{ text: "y".repeat(10_000) }] } } } } })}\n\n`;
        for (let index = 0; index < 30; index += 1) response.write(event);
        response.end();
      } else if (mode === "deep") {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(`{"jsonrpc":"2.0","id":1,"result":${"[".repeat(5_000)}${"]".repeat(5_000)}}`);
      } else if (mode === "not-json") {
        response.writeHead(200, { "content-type": "application/json" });
        response.end("<html>definitely not json</html>");
      } else if (mode === "not-a2a") {
        response.writeHead(200, { "content-type": "text/event-stream" });
        response.end(`data: ${JSON.stringify({ jsonrpc: "2.0", id: 1, result: { surprise: true } })}\n\n`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function askIn(
  nextMode: string,
  overrides: Parameters<typeof peer>[2] = {},
  cardPath = "/.well-known/agent-card.json",
) {
  mode = nextMode;
  const tool = await askCollaboratorClient({
    collaborators: [
      peer("hostile", `http://127.0.0.1:${port}${cardPath}`, {
        maxAnswerBytes: 65_536,
        waitMs: 2_000,
        bearer: "secret-bearer-value",
        ...overrides,
      }),
    ],
  });
  try {
    return await tool.ask({ collaborator: "hostile", question: "anything" });
  } finally {
    await tool.close();
  }
}

describe("a hostile collaborator's answers are clear tool errors", () => {
  it("an oversized JSON answer", async () => {
    const answer = await askIn("oversized");
    expect(answer).toEqual({
      isError: true,
      text: 'answer_too_large: collaborator "hostile" answered more than 65536 bytes; raise collaborators.hostile.maxAnswerBytes if the answer is expected to be that large',
    });
  });

  it("an oversized event stream (cut as soon as it passes the bound)", async () => {
    const answer = await askIn("oversized-stream");
    expect(answer.isError).toBe(true);
    expect(answer.text).toMatch(/^answer_too_large: collaborator "hostile" answered more than 65536 bytes/);
  });

  it("a deeply nested answer", async () => {
    const answer = await askIn("deep");
    expect(answer).toEqual({
      isError: true,
      text: 'answer_too_deep: collaborator "hostile" answered JSON nested deeper than 32 levels; such an answer is refused',
    });
  });

  it("a slow answer (no task within waitMs)", async () => {
    const answer = await askIn("slow", { waitMs: 300 });
    expect(answer).toEqual({
      isError: true,
      text: 'answer_timeout: collaborator "hostile" gave no task within 300 ms; raise collaborators.hostile.waitMs or ask again later',
    });
  });

  it("malformed answers: not JSON, and JSON that is no A2A answer", async () => {
    expect(await askIn("not-json")).toEqual({
      isError: true,
      text: 'answer_malformed: collaborator "hostile" answered something that is not JSON',
    });
    const notA2a = await askIn("not-a2a");
    expect(notA2a.isError).toBe(true);
    expect(notA2a.text).toMatch(/^answer_malformed: collaborator "hostile"/);
  });

  it("a refused bearer, and a card that points at another origin (which gets no request and no bearer)", async () => {
    const refused = await askIn("refuse");
    expect(refused).toEqual({
      isError: true,
      text: 'peer_unreachable: collaborator "hostile" refused the call (401); check the bearer named by collaborators.hostile.bearer',
    });
    const before = seenAuthorization.length;
    const elsewhere = await askIn("ok", {}, "/.well-known/elsewhere.json");
    expect(elsewhere.isError).toBe(true);
    expect(elsewhere.text).toContain(`declares no JSON-RPC endpoint on http://127.0.0.1:${port}`);
    expect(seenAuthorization.length).toBe(before);
    expect(refused.text).not.toContain("secret-bearer-value");
  });

  it("bad tool input names the accepted form", async () => {
    const tool = await askCollaboratorClient({
      collaborators: [peer("hostile", `http://127.0.0.1:${port}/c`)],
    });
    const answer = await tool.ask({ collaborator: "nobody", question: "" });
    expect(answer.isError).toBe(true);
    expect(answer.text).toContain('Send { "collaborator": one of ["hostile"], "question": "..."');
    await tool.close();
  });
});
