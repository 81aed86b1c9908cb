import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentMessage } from "@earendil-works/pi-agent-core";
import { openPostgresPool } from "@mono-agent/storage/postgres";
import { startTestPostgres, type TestPostgres } from "@mono-agent/storage/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MonoAgentApp, startMonoAgentApp } from "../../src/app/start-mono-agent-app.js";
import { createPostgresConversationStore } from "../../src/conversations/conversation-store-postgres.js";

const CONVERSATIONS = 20;
const TURNS = 10;

let server: TestPostgres;
const folders: string[] = [];
beforeAll(async () => {
  server = await startTestPostgres();
}, 60_000);
afterAll(async () => {
  await server?.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** One host: its own agent folder (as on its own machine), the shared database in storage.postgres. */
async function startHost(): Promise<MonoAgentApp> {
  const folder = mkdtempSync(join(tmpdir(), "pg-host-"));
  folders.push(folder);
  return startMonoAgentApp({
    config: {
      runtime: { model: "demo:demo" },
      storage: { postgres: { url: { $env: "DATABASE_URL" }, schema: "two_hosts" } },
    },
    cwd: folder,
    env: { PATH: process.env.PATH ?? "", DATABASE_URL: server.url },
    recordRuns: false,
  });
}

function text(message: AgentMessage): string {
  const content = (message as { content?: unknown }).content;
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((part: { type?: string; text?: string }) => (part.type === "text" ? (part.text ?? "") : ""))
    .join("");
}

describe("two hosts on one PostgreSQL", () => {
  it(`${CONVERSATIONS * TURNS} messages to ${CONVERSATIONS} conversations sent alternately to both hosts: every turn sees all earlier turns, none interleave`, async () => {
    const hosts = [await startHost(), await startHost()];
    try {
      const sends: Promise<unknown>[] = [];
      for (let turn = 0; turn < TURNS; turn++)
        for (let conversation = 0; conversation < CONVERSATIONS; conversation++) {
          const host = hosts[(turn + conversation) % 2] as MonoAgentApp;
          sends.push(
            host
              .run({ conversationId: `web:c${conversation}`, input: `turn ${turn} of c${conversation}` })
              .then((result) => {
                expect(result.status).toBe("succeeded");
              }),
          );
        }
      await Promise.all(sends);
    } finally {
      await Promise.all(hosts.map((host) => host.close()));
    }
    const postgres = openPostgresPool({ url: server.url, schema: "two_hosts" });
    const store = createPostgresConversationStore({ postgres });
    try {
      for (let conversation = 0; conversation < CONVERSATIONS; conversation++) {
        const messages = await store.loadMessages(`web:c${conversation}`);
        const users = messages.flatMap((message, index) => (message.role === "user" ? [index] : []));
        expect(users).toHaveLength(TURNS);
        // Each host sends its turns of a conversation in order; the two hosts' turns arrive as the lock grants.
        for (const parity of [0, 1]) {
          const own = users
            .map((index) => text(messages[index] as AgentMessage))
            .map((input) => Number(/turn (\d+)/.exec(input)?.[1]))
            .filter((turn) => (turn + conversation) % 2 === parity);
          expect(own).toEqual([...own].sort((a, b) => a - b));
        }
        // A run that started before the previous one of its conversation ended would have seen fewer messages.
        for (const index of users) {
          const answer = text(messages[index + 1] as AgentMessage);
          if (index === 0) expect(answer).not.toContain("already holds");
          else expect(answer).toContain(`already holds ${index} earlier messages`);
        }
      }
      expect(await store.countConversations()).toBe(CONVERSATIONS);
    } finally {
      await store.close();
      await postgres.close();
    }
  }, 240_000);
});
