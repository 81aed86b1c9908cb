import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { auditMemory, MEMORY_AUDIT_ISSUES } from "../src/audit/index.js";
import { createEmbeddingsClient, openJournalMemoryStore } from "../src/journal/index.js";
import { openLiteMemoryStore } from "../src/lite/index.js";
import { memoryAuditReport } from "../src/tools/index.js";
import { FAKE_DIM, FAKE_MODEL, startFakeEmbeddingsServer } from "./fake-embeddings.js";
import { tempRoot } from "./helpers.js";

const closers: Array<() => unknown> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});
const JOURNAL = { mode: "journal" as const, embeddings: { model: FAKE_MODEL, dim: FAKE_DIM } };

async function journalRoot(down: boolean) {
  const server = await startFakeEmbeddingsServer();
  closers.push(() => server.close());
  server.down = down;
  const root = tempRoot();
  const store = openJournalMemoryStore({
    root,
    embeddings: createEmbeddingsClient({
      endpoint: server.endpoint,
      model: FAKE_MODEL,
      dim: FAKE_DIM,
      timeoutMs: 2_000,
    }),
    circuitBreaker: { failureThreshold: 1, cooldownMs: 60_000 },
  });
  await store.remember({ text: "Maria prefers tea over coffee" });
  await store.remember({ text: "The staging server is stg-3" });
  await store.flush();
  store.close();
  return root;
}

describe("mono-agent memory audit", () => {
  test("not configured, lite and a filled journal store are clean; the JSON has exactly the reference's fields", async () => {
    expect(auditMemory({ memory: undefined, root: undefined })).toMatchObject({
      backend: "none",
      status: "not_configured",
      issues: [],
    });
    const lite = openLiteMemoryStore({ root: tempRoot() });
    await lite.remember({ text: "The staging server is stg-3" });
    lite.close();
    expect(auditMemory({ memory: { mode: "lite" }, root: lite.root })).toMatchObject({
      status: "healthy",
      counts: { memories: 1 },
    });
    const audit = auditMemory({ memory: JOURNAL, root: await journalRoot(false) });
    expect(Object.keys(audit)).toEqual([
      "schemaVersion",
      "checkedAt",
      "counts",
      "backend",
      "mode",
      "status",
      "issues",
    ]);
    expect(audit).toMatchObject({
      schemaVersion: 1,
      backend: "bujo",
      mode: "journal",
      status: "healthy",
      issues: [],
    });
    expect(audit.counts).toEqual({
      pending: 0,
      due: 0,
      dead: 0,
      outbox: 0,
      temporary: 0,
      memories: 2,
      vectors: 2,
      missingVectors: 0,
    });
  });

  test("vectors missing while the endpoint was down is degraded (strict exits 1); a model change is unhealthy", async () => {
    const root = await journalRoot(true);
    const degraded = memoryAuditReport(JOURNAL, root);
    expect(degraded.audit).toMatchObject({ status: "degraded", counts: { vectors: 0, missingVectors: 2 } });
    expect(degraded.audit.issues.map((issue) => issue.code)).toEqual(["vectors_missing"]);
    expect(degraded.ok).toBe(false);
    const changed = auditMemory({
      memory: { mode: "journal", embeddings: { model: "other", dim: 8 } },
      root,
    });
    expect(changed.status).toBe("unhealthy");
    expect(changed.issues.map((issue) => issue.code)).toEqual([
      "generation_model_mismatch",
      "vectors_missing",
    ]);
  });

  test("precedence is unknown > unhealthy > degraded > in_progress, over a closed vocabulary", async () => {
    const root = await journalRoot(true);
    writeFileSync(
      join(root, ".index", "runtime.json"),
      JSON.stringify({ pid: process.pid, heartbeatAt: new Date().toISOString() }),
    );
    const running = auditMemory({ memory: JOURNAL, root });
    expect(running.issues.map((issue) => issue.code).sort()).toEqual(["agent_running", "vectors_missing"]);
    expect(running.status).toBe("degraded");
    writeFileSync(join(root, ".memory.maintenance.json"), "{}");
    expect(auditMemory({ memory: JOURNAL, root }).status).toBe("unhealthy");
    writeFileSync(join(root, ".index", "runtime.json"), "not json");
    const unknown = auditMemory({ memory: JOURNAL, root });
    expect(unknown.status).toBe("unknown");
    expect(unknown.issues.map((issue) => issue.code)).toContain("runtime_invalid");
    writeFileSync(join(root, ".index", "manifest.json"), "{");
    expect(auditMemory({ memory: JOURNAL, root }).issues.map((issue) => issue.code)).toContain(
      "manifest_invalid",
    );
    for (const issue of [...running.issues, ...unknown.issues])
      expect(MEMORY_AUDIT_ISSUES[issue.code]).toBe(issue.severity);
  });

  test("a journal store without a manifest is unhealthy (manifest_missing); the remote store is not checked", () => {
    const lite = openLiteMemoryStore({ root: tempRoot() });
    lite.close();
    expect(auditMemory({ memory: JOURNAL, root: lite.root })).toMatchObject({
      status: "unhealthy",
      issues: [{ code: "manifest_missing", severity: "unhealthy" }],
    });
    expect(auditMemory({ memory: { backend: "supermemory", mode: "lite" }, root: lite.root })).toMatchObject({
      backend: "supermemory",
      status: "unknown",
      issues: [{ code: "remote_not_checked" }],
    });
  });
});
