import { describe, expect, test } from "vitest";
import { makeAgentFolder } from "./agent-folder.js";
import { runCliInProcess } from "./run-cli.js";

const EMBEDDINGS = {
  provider: "ollama",
  model: "nomic-embed-text:v1.5",
  dim: 768,
  endpoint: "http://127.0.0.1:9",
};
const LLM = { provider: "agent-host" };
const CONSOLIDATION = { cron: "0 */2 * * *" };
type Key = "embeddings" | "llm" | "consolidation";
const BLOCKS: Record<Key, unknown> = { embeddings: EMBEDDINGS, llm: LLM, consolidation: CONSOLIDATION };

type Report = {
  sections: { id: string; status: string; lines: { status: string; message: string }[] }[];
};

async function validateMemory(memory: Record<string, unknown>, env: Record<string, string> = {}) {
  const dir = makeAgentFolder({ runtime: { model: "demo:demo" }, memory: { path: "./memory", ...memory } });
  const result = await runCliInProcess(["validate", "--json"], { cwd: dir, env });
  const report = JSON.parse(result.stdout) as Report;
  const config = report.sections.find((section) => section.id === "config");
  const errors = (config?.lines ?? []).filter((line) => line.status === "error").map((line) => line.message);
  const memorySection = report.sections.find((section) => section.id === "memory");
  return {
    exitCode: result.exitCode,
    errors,
    memoryStatus: memorySection?.status,
    memoryText: (memorySection?.lines ?? []).map((line) => line.message).join("\n"),
  };
}

// Every cell of the tier matrix (reference §1.4): which keys each mode forbids (-) and requires (+).
const CELLS: Array<{ mode: string; keys: Key[]; forbidden: Key[]; missing: Key[] }> = [
  { mode: "lite", keys: [], forbidden: [], missing: [] },
  { mode: "lite", keys: ["embeddings"], forbidden: ["embeddings"], missing: [] },
  { mode: "lite", keys: ["llm"], forbidden: ["llm"], missing: [] },
  { mode: "lite", keys: ["consolidation"], forbidden: ["consolidation"], missing: [] },
  { mode: "lite", keys: ["embeddings", "llm"], forbidden: ["embeddings", "llm"], missing: [] },
  {
    mode: "lite",
    keys: ["embeddings", "llm", "consolidation"],
    forbidden: ["embeddings", "llm", "consolidation"],
    missing: [],
  },
  { mode: "journal", keys: [], forbidden: [], missing: ["embeddings"] },
  { mode: "journal", keys: ["embeddings"], forbidden: [], missing: [] },
  { mode: "journal", keys: ["llm"], forbidden: ["llm"], missing: ["embeddings"] },
  { mode: "journal", keys: ["consolidation"], forbidden: ["consolidation"], missing: ["embeddings"] },
  { mode: "journal", keys: ["embeddings", "llm"], forbidden: ["llm"], missing: [] },
  { mode: "journal", keys: ["embeddings", "consolidation"], forbidden: ["consolidation"], missing: [] },
  {
    mode: "journal",
    keys: ["embeddings", "llm", "consolidation"],
    forbidden: ["llm", "consolidation"],
    missing: [],
  },
  { mode: "bujo", keys: [], forbidden: [], missing: ["embeddings", "llm"] },
  { mode: "bujo", keys: ["embeddings"], forbidden: [], missing: ["llm"] },
  { mode: "bujo", keys: ["llm"], forbidden: [], missing: ["embeddings"] },
  { mode: "bujo", keys: ["consolidation"], forbidden: [], missing: ["embeddings", "llm"] },
  { mode: "bujo", keys: ["embeddings", "llm"], forbidden: [], missing: [] },
  { mode: "bujo", keys: ["embeddings", "llm", "consolidation"], forbidden: [], missing: [] },
];

describe("validate enforces the memory tier matrix, naming the key and the fix", () => {
  test.each(CELLS)("mode $mode with $keys", async ({ mode, keys, forbidden, missing }) => {
    const memory: Record<string, unknown> = { mode };
    for (const key of keys) memory[key] = BLOCKS[key];
    const { exitCode, errors, memoryStatus, memoryText } = await validateMemory(memory);
    const text = errors.join("\n");
    for (const key of forbidden) expect(text).toContain(`remove memory.${key}`);
    for (const key of missing) expect(text).toContain(`requires memory.${key}`);
    // Nothing else is reported, and an error is a failed validate: no silent downshift.
    expect(errors).toHaveLength(forbidden.length + missing.length);
    for (const error of errors) expect(error).toMatch(/at memory\.(embeddings|llm|consolidation)/);
    if (errors.length > 0) {
      expect(exitCode).toBe(1);
    } else if (mode === "bujo") {
      // A valid bujo config: the tier itself is not available in this version, and validate says so.
      expect(memoryStatus).toBe("error");
      expect(memoryText).toContain(
        'memory.mode "bujo" (curation by a model, entity graph, consolidation) is not available',
      );
      expect(exitCode).toBe(1);
    } else {
      expect(memoryStatus).not.toBe("error");
      expect(memoryText).toContain(`Memory store (${mode})`);
      expect(exitCode).toBe(0);
    }
  });

  test.each([
    {
      memory: { writeMode: "capture" },
      says: 'memory.writeMode "capture" needs model curation (mode "bujo")',
    },
    {
      memory: { mode: "journal", embeddings: EMBEDDINGS, writeMode: "capture" },
      says: 'use "append-host-summary" or "disabled"',
    },
    { memory: { backend: "supermemory" }, says: 'backend "supermemory" needs memory.supermemory' },
    {
      memory: { backend: "supermemory", mode: "journal", supermemory: { apiKey: { $env: "SM_KEY" } } },
      says: 'remove memory.mode or set backend "bujo"',
    },
    {
      memory: { backend: "supermemory", embeddings: EMBEDDINGS, supermemory: { apiKey: { $env: "SM_KEY" } } },
      says: "remove memory.embeddings",
    },
    { memory: { supermemory: { apiKey: { $env: "SM_KEY" } } }, says: 'set memory.backend "supermemory"' },
    {
      memory: {
        mode: "bujo",
        embeddings: EMBEDDINGS,
        llm: { provider: "agent-host", endpoint: "http://127.0.0.1:1" },
      },
      says: "takes no endpoint",
    },
  ])("$says", async ({ memory, says }) => {
    const { exitCode, errors } = await validateMemory(memory);
    expect(errors.join("\n")).toContain(says);
    expect(exitCode).toBe(1);
  });

  test("the remote Supermemory store: MemoryRecall offered, MemoryJournal and Remember not composed, and validate says why", async () => {
    const { exitCode, errors, memoryStatus, memoryText } = await validateMemory(
      {
        backend: "supermemory",
        supermemory: { endpoint: "http://127.0.0.1:9", apiKey: { $env: "SUPERMEMORY_API_KEY" } },
      },
      { SUPERMEMORY_API_KEY: "sm-test" },
    );
    expect(errors).toEqual([]);
    expect(memoryStatus).toBe("ok");
    expect(memoryText).toContain(
      "MemoryRecall offered as mcp__mono-agent-memory__MemoryRecall, through the Supermemory search endpoint",
    );
    expect(memoryText).toContain(
      "MemoryJournal not composed: the Supermemory store has no local journal browse",
    );
    expect(memoryText).toContain("Remember not composed: the Supermemory store has no durable write surface");
    expect(exitCode).toBe(0);
  });

  test("an unset API key variable is an error naming it: the store would not open", async () => {
    const journal = { mode: "journal", embeddings: { ...EMBEDDINGS, apiKey: { $env: "EMBED_KEY" } } };
    const unset = await validateMemory(journal);
    expect(unset.memoryStatus).toBe("error");
    expect(unset.memoryText).toContain("memory.embeddings.apiKey reads EMBED_KEY, which is not set");
    expect(unset.exitCode).toBe(1);
    const set = await validateMemory(journal, { EMBED_KEY: "k-1" });
    expect(set.memoryStatus).not.toBe("error");
    expect(set.exitCode).toBe(0);
  });
});
