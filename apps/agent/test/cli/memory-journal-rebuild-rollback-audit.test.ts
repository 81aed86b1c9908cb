import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  FAKE_DIM,
  FAKE_MODEL,
  type FakeEmbeddingsServer,
  startFakeEmbeddingsServer,
} from "../../../../packages/memory/test/fake-embeddings.js";
import { makeAgentFolder } from "./agent-folder.js";
import { runCliInProcess } from "./run-cli.js";

let fake: FakeEmbeddingsServer;
beforeAll(async () => {
  fake = await startFakeEmbeddingsServer();
});
afterAll(() => fake?.close());

function journalFolder() {
  return makeAgentFolder({
    runtime: { model: "demo:demo" },
    memory: {
      path: "./memory",
      mode: "journal",
      embeddings: {
        provider: "openai",
        model: FAKE_MODEL,
        dim: FAKE_DIM,
        endpoint: fake.endpoint,
        apiKey: { $env: "EMBED_KEY" },
      },
    },
  });
}
const json = (stdout: string) => JSON.parse(stdout);

describe("mono-agent memory on the journal tier", () => {
  test("rebuild builds and switches generations, rollback returns, audit reports health; search merges vectors", async () => {
    const dir = journalFolder();
    const env = { EMBED_KEY: "embed-test-key" };
    const { openLiteMemoryStore } = await import("@mono-agent/memory/lite");
    const seed = openLiteMemoryStore({ root: join(dir, "memory") });
    await seed.remember({ text: "Maria prefers tea over coffee" });
    seed.close();

    const audit = await runCliInProcess(["memory", "audit", "--strict", "--json"], { cwd: dir, env });
    expect(json(audit.stdout)).toMatchObject({
      backend: "bujo",
      mode: "journal",
      status: "unhealthy",
      issues: [{ code: "manifest_missing" }],
    });
    expect(audit.exitCode).toBe(1);

    const first = json((await runCliInProcess(["memory", "rebuild", "--json"], { cwd: dir, env })).stdout);
    expect(first).toMatchObject({ ok: true, rebuilt: { memories: 1, vectors: 1 } });
    expect(fake.lastAuthorization).toBe("Bearer embed-test-key");
    const second = json((await runCliInProcess(["memory", "rebuild", "--json"], { cwd: dir, env })).stdout);
    expect(second.rebuilt.generation).not.toBe(first.rebuilt.generation);
    const healthy = await runCliInProcess(["memory", "audit", "--strict", "--json"], { cwd: dir, env });
    expect(json(healthy.stdout)).toMatchObject({
      status: "healthy",
      counts: { memories: 1, vectors: 1, missingVectors: 0 },
    });
    expect(healthy.exitCode).toBe(0);

    const search = json(
      (await runCliInProcess(["memory", "search", "favourite", "beverage", "--json"], { cwd: dir, env }))
        .stdout,
    );
    expect(search.hits[0].text).toBe("Maria prefers tea over coffee");

    const rollback = json(
      (await runCliInProcess(["memory", "rollback", "--json"], { cwd: dir, env })).stdout,
    );
    expect(rollback).toEqual({ ok: true, rolledBack: { generation: first.rebuilt.generation } });
  });

  test("rollback on lite and --strict elsewhere are refused with the reason", async () => {
    const dir = makeAgentFolder({ runtime: { model: "demo:demo" }, memory: { path: "./memory" } });
    const rollback = await runCliInProcess(["memory", "rollback"], { cwd: dir });
    expect(rollback.exitCode).toBe(1);
    expect(rollback.stderr).toContain("only the journal tier has");
    expect((await runCliInProcess(["memory", "stats", "--strict"], { cwd: dir })).exitCode).toBe(2);
    const notConfigured = makeAgentFolder({ runtime: { model: "demo:demo" } });
    const audit = await runCliInProcess(["memory", "audit", "--json", "--strict"], { cwd: notConfigured });
    expect(json(audit.stdout)).toMatchObject({ backend: "none", status: "not_configured" });
    expect(audit.exitCode).toBe(0);
  });
});
