import { describe, expect, it } from "vitest";
import { createMemoryMcpEraMemory, MAX_REMEMBERED_ERAS } from "../src/mcp-era-memory.js";

const MODERN = { kind: "modern", discover: { supportedVersions: ["2026-07-28"], capabilities: {} } } as never;

describe("the era memory", () => {
  it("keeps a modern verdict, re-probes a legacy one after its TTL, and forgets on request", () => {
    let now = 1_000;
    const memory = createMemoryMcpEraMemory({ legacyTtlMs: 100, now: () => now });
    memory.remember("old", { kind: "legacy" });
    memory.remember("new", MODERN);
    expect(memory.recall("old")).toEqual({ kind: "legacy" });
    now += 100;
    expect(memory.recall("old")).toBeUndefined();
    expect(memory.recall("new")).toBe(MODERN);
    memory.forget("new");
    expect(memory.recall("new")).toBeUndefined();
  });

  it(`holds at most ${MAX_REMEMBERED_ERAS} servers, forgetting the oldest first`, () => {
    const memory = createMemoryMcpEraMemory();
    for (let index = 0; index <= MAX_REMEMBERED_ERAS; index += 1) memory.remember(`s${index}`, MODERN);
    expect(memory.recall("s0")).toBeUndefined();
    expect(memory.recall("s1")).toBe(MODERN);
    expect(memory.recall(`s${MAX_REMEMBERED_ERAS}`)).toBe(MODERN);
  });
});
