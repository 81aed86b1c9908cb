import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadMonoAgentConfig } from "@mono-agent/config";
import { tempDir } from "@mono-agent/test-utils";
import { describe, expect, it } from "vitest";
import { checkMemoryConfig, memoryRootProblem } from "../src/check.js";

async function loadIn(config: Record<string, unknown>, cwd = tempDir("memory-check-")) {
  return loadMonoAgentConfig({ config, cwd, env: {} });
}

describe("checkMemoryConfig", () => {
  it("is disabled without a memory block", async () => {
    const result = await checkMemoryConfig(await loadIn({}));
    expect(result.status).toBe("disabled");
    expect(result.lines[0]?.message).toBe(
      "No memory block: Remember, MemoryRecall and MemoryJournal are off.",
    );
    expect((await checkMemoryConfig(undefined)).lines).toEqual(result.lines);
  });

  it("is ok for a store not created yet, and lists the memory tools offered", async () => {
    const result = await checkMemoryConfig(await loadIn({ memory: { path: "./memory" } }));
    expect(result.status).toBe("ok");
    expect(result.lines[0]?.message).toMatch(/^Memory store \(lite\): .*memory — not created yet/);
    expect(result.lines.filter((line) => / offered as /.test(line.message))).toHaveLength(3);
  });

  it("is disabled when the tool policy offers no memory tool", async () => {
    const loaded = await loadIn({
      memory: { path: "./memory", recallTool: { enabled: false } },
      tools: { disallowedTools: ["Remember", "MemoryJournal"] },
    });
    const result = await checkMemoryConfig(loaded);
    expect(result.status).toBe("disabled");
    expect(result.lines.filter((line) => line.code?.startsWith("memory_tool_"))).toHaveLength(3);
  });

  it("is an error naming the fix when memory.path is a file", async () => {
    const cwd = tempDir("memory-check-");
    writeFileSync(join(cwd, "memory"), "not a folder");
    const result = await checkMemoryConfig(await loadIn({ memory: { path: "./memory" } }, cwd));
    expect(result).toEqual({
      status: "error",
      lines: [
        {
          status: "error",
          code: "memory_path_invalid",
          message: `${memoryRootProblem(join(cwd, "memory"))}.`,
        },
      ],
    });
    expect(result.lines[0]?.message).toContain("is a file, not a folder; set memory.path to a folder");
  });
});
