import { describe, expect, test } from "vitest";
import { completion, runStart, tempStore } from "./fixtures/temp-store.js";

describe("private fields", () => {
  test("the system prompt, provider session metadata and recalled memory never appear in a summary", async () => {
    const { store } = tempStore();
    const privateFields = {
      systemPrompt: "SYSTEM-PROMPT-MARKER you are a careful agent",
      providerSessionMetadata: { sessionId: "PROVIDER-SESSION-MARKER" },
      recalledMemory: ["RECALLED-MEMORY-MARKER the user likes tea"],
    };
    await store.beginRun(runStart("private-1", { privateFields }));
    await store.completeRun("private-1", completion({ finalOutput: "done" }));
    const summary = await store.getRun("private-1");
    const listed = await store.listRuns();
    const text = JSON.stringify([summary, listed]);
    expect(text).not.toMatch(/MARKER/);
    expect(Object.keys(summary ?? {})).not.toContain("systemPrompt");
    expect(await store.getRunPrivateFields("private-1")).toEqual(privateFields);
  });

  test("private fields go with their run", async () => {
    const { store } = tempStore();
    await store.beginRun(runStart("private-2", { privateFields: { systemPrompt: "x" } }));
    await store.completeRun("private-2", completion());
    expect(await store.deleteRuns(["private-2"])).toEqual(["private-2"]);
    expect(await store.getRunPrivateFields("private-2")).toBeUndefined();
  });
});
