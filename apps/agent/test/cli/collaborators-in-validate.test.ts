import { type A2aEndpoint, startA2aEndpoint } from "@mono-agent/collaborators/node";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { makeAgentFolder } from "./agent-folder.js";
import { runCliAsync } from "./run-cli-async.js";

const BEARER = "validate-peer-bearer-0123456789";
let peer: A2aEndpoint;
beforeAll(async () => {
  peer = await startA2aEndpoint({
    host: "127.0.0.1",
    port: 0,
    bearer: BEARER,
    name: "the reviewer",
    description: "reviews",
    maxBodyBytes: 4_096,
    run: async () => ({ status: "succeeded", finalText: "ok" }),
  });
});
afterAll(() => peer?.close());

type Report = { sections: { id: string; status: string; lines: { status: string; message: string }[] }[] };
const collaboratorsOf = (stdout: string) => {
  const found = (JSON.parse(stdout) as Report).sections.find((entry) => entry.id === "collaborators");
  return { status: found?.status, text: found?.lines.map((line) => line.message).join("\n") ?? "" };
};

describe("validate's Collaborators section", () => {
  test("without collaborators it says AskCollaborator is not composed and how to offer it", async () => {
    const dir = makeAgentFolder({});
    const report = collaboratorsOf((await runCliAsync(["validate", "--json"], { cwd: dir })).stdout);
    expect(report.status).toBe("disabled");
    expect(report.text).toContain("AskCollaborator is not composed: no collaborator is configured");
  });

  test("lists collaborators, explains the switch (allowedTools: [] does not withhold it), fetches cards with --connect, and checks the a2a bearer", async () => {
    const dir = makeAgentFolder({
      tools: { allowedTools: [] },
      collaborators: {
        reviewer: { cardUrl: peer.cardUrl, bearer: { $env: "REVIEWER_TOKEN" } },
        unset: { cardUrl: "http://127.0.0.1:9/.well-known/agent-card.json", bearer: { $env: "UNSET_TOKEN" } },
      },
      a2a: { port: 0, bearer: { $env: "MY_A2A_TOKEN" } },
    });
    const env = { REVIEWER_TOKEN: BEARER };
    const plain = collaboratorsOf((await runCliAsync(["validate", "--json"], { cwd: dir, env })).stdout);
    expect(plain.text).toContain(
      `collaborator "reviewer": ${peer.cardUrl} (bearer from REVIEWER_TOKEN: set)`,
    );
    expect(plain.text).toContain('collaborator "unset" is left out: UNSET_TOKEN is not set');
    expect(plain.text).toContain(
      "AskCollaborator is composed (1 collaborator): its switch is the collaborators block, so it is offered whatever tools.allowedTools says",
    );
    expect(plain.text).toContain("A2A endpoint: MY_A2A_TOKEN is not set; serve will refuse to start");
    expect(plain.status).toBe("error");
    expect(plain.text).not.toContain('card "the reviewer"');

    const connected = collaboratorsOf(
      (
        await runCliAsync(["validate", "--json", "--connect"], {
          cwd: dir,
          env: { ...env, MY_A2A_TOKEN: "x".repeat(24) },
        })
      ).stdout,
    );
    expect(connected.text).toContain(
      `collaborator "reviewer": card "the reviewer", JSON-RPC at ${new URL(peer.cardUrl).origin}/a2a/jsonrpc, streaming yes`,
    );
    expect(connected.text).toContain("callers send the bearer in MY_A2A_TOKEN");
    expect(connected.status).toBe("warning");
  }, 120_000);
});
