import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Role, TaskState } from "@a2a-js/sdk";
import { ClientFactory } from "@a2a-js/sdk/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCliInProcess } from "../cli/run-cli.js";
import { type ScriptedModelServer, startScriptedModelServer } from "../serve/scripted-model-server.js";
import { makeWebAgentFolder, type ServeProcess, startServe } from "../serve/serve-process.js";

const TOKEN_A = "token-of-agent-a-0123456789";
const TOKEN_B = "token-of-agent-b-0123456789";
let model: ScriptedModelServer;
const serves: ServeProcess[] = [];

beforeAll(async () => {
  model = await startScriptedModelServer();
});
afterAll(async () => {
  for (const serve of serves) await serve.stop();
  await model?.close();
});

async function waitForCard(serve: ServeProcess): Promise<string> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const match = /A2A agent card: (\S+)/.exec(serve.stdout());
    if (match?.[1]) return match[1];
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no A2A card line:\n${serve.stdout()}\n${serve.stderr()}`);
}

async function runsOf(dir: string) {
  const result = await runCliInProcess(["runs", "list", "--json"], { cwd: dir });
  expect(result.exitCode, result.stderr).toBe(0);
  return JSON.parse(result.stdout).runs as {
    runId: string;
    source?: string;
    conversationId: string;
    status: string;
  }[];
}

function textOfStatus(task: {
  status?: { message?: { parts: { content?: { $case: string; value: unknown } }[] } };
}) {
  return (task.status?.message?.parts ?? [])
    .map((part) => (part.content?.$case === "text" ? String(part.content.value) : ""))
    .join("");
}

describe("two mono-agent serve hosts on loopback", () => {
  it("A's model calls AskCollaborator on B (with allowedTools: []), B runs and answers, A's model gets the answer; both runs are recorded with their source", async () => {
    // B: the scripted model says what the question's [say: …] directive asks.
    const dirB = makeWebAgentFolder(model.baseUrl, {
      a2a: { port: 0, bearer: { $env: "B_A2A_TOKEN" }, name: "agent-b" },
    });
    const b = await startServe(dirB, { env: { B_A2A_TOKEN: TOKEN_B } });
    serves.push(b);
    const cardB = await waitForCard(b);

    // A: the offline demo model, no built-in tools at all; AskCollaborator comes from the collaborators block.
    const dirA = mkdtempSync(join(tmpdir(), "mono-agent-a2a-a-"));
    writeFileSync(
      join(dirA, "mono-agent.config.json"),
      JSON.stringify({
        runtime: { model: "demo:demo" },
        tools: { allowedTools: [] },
        collaborators: { b: { cardUrl: cardB, bearer: { $env: "B_TOKEN" }, description: "Agent B" } },
        a2a: { port: 0, bearer: { $env: "A_A2A_TOKEN" } },
      }),
    );
    const a = await startServe(dirA, { env: { A_A2A_TOKEN: TOKEN_A, B_TOKEN: TOKEN_B } });
    serves.push(a);
    const cardA = await waitForCard(a);

    // The SDK's own client asks A.
    const client = await new ClientFactory().createFromUrl(cardA, "");
    const result = await client.sendMessage(
      {
        tenant: "",
        message: {
          messageId: "m-1",
          contextId: "",
          taskId: "",
          role: Role.ROLE_USER,
          parts: [
            {
              content: {
                $case: "text",
                value: "Ask the collaborator what forty and two make. [say: Forty-two, says B.]",
              },
              metadata: undefined,
              filename: "",
              mediaType: "text/plain",
            },
          ],
          metadata: undefined,
          extensions: [],
          referenceTaskIds: [],
        },
        configuration: undefined,
        metadata: undefined,
      },
      { serviceParameters: { authorization: `Bearer ${TOKEN_A}` } },
    );
    const task = "status" in result ? result : undefined;
    expect(task?.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    const answerA = textOfStatus(task as never);
    expect(answerA).toContain("AskCollaborator returned");
    expect(answerA).toContain("Forty-two, says B.");
    expect(answerA).toContain('"untrusted": true');

    // B's model saw A's question (and nothing of A's conversation).
    const toB = model.requests.find((request) => JSON.stringify(request.messages).includes("Forty-two"));
    expect(toB).toBeDefined();

    const runsA = await runsOf(dirA);
    const runsB = await runsOf(dirB);
    expect(runsA).toEqual([expect.objectContaining({ source: "a2a", status: "succeeded" })]);
    expect(runsB).toEqual([expect.objectContaining({ source: "a2a", status: "succeeded" })]);
    expect(runsB[0]?.conversationId).toMatch(/^a2a:/);
    const shownA = JSON.parse(
      (await runCliInProcess(["runs", "show", runsA[0]!.runId, "--json"], { cwd: dirA })).stdout,
    );
    expect(JSON.stringify(shownA)).toContain("AskCollaborator");
  }, 120_000);
});
