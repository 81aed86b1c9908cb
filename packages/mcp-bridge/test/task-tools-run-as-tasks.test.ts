import { describe, expect, test } from "vitest";
import { connectMcpServers } from "../src/connect-mcp-servers.js";
import { McpBridgeError } from "../src/mcp-bridge-error.js";
import {
  bridgeOptions,
  serverEverythingBin,
  TEST_SERVER_OPTIONS,
  useTempDir,
} from "./fixtures/bridge-test-kit.js";

const temp = useTempDir();
const everything = {
  name: "everything",
  transport: "stdio" as const,
  command: process.execPath,
  args: [serverEverythingBin(), "stdio"],
  env: {},
  options: TEST_SERVER_OPTIONS,
};
const RESEARCH = "mcp__everything__simulate-research-query";

describe("tools that require tasks", () => {
  test("server-everything's simulate-research-query completes as a task, its stages shown as progress", async () => {
    const progress: string[] = [];
    const mcp = await connectMcpServers(
      bridgeOptions(`${temp.path}/out`, {
        servers: [everything],
        onProgress: (event) => progress.push(event.message ?? ""),
      }),
    );
    try {
      const tool = mcp.tools.find((candidate) => candidate.name === RESEARCH);
      const updates: string[] = [];
      const result = await tool!.execute("t1", { topic: "tide pools" }, undefined, (update) =>
        updates.push((update.content[0] as { text: string }).text),
      );
      expect((result.content[0] as { text: string }).text).toContain("# Research Report: tide pools");
      expect(result.details).toMatchObject({ taskId: expect.any(String) });
      expect(updates[0]).toMatch(/^task working/);
      expect(progress.some((message) => message.includes("Synthesizing findings"))).toBe(true);
    } finally {
      await mcp.close();
    }
  });

  test("an abort cancels the task at once; the time limit ends it as call_time_limit", async () => {
    const mcp = await connectMcpServers(
      bridgeOptions(`${temp.path}/out`, { servers: [everything], callMaxTotalTimeoutMs: 1_500 }),
    );
    try {
      const tool = mcp.tools.find((candidate) => candidate.name === RESEARCH)!;
      const controller = new AbortController();
      const started = performance.now();
      const aborted = tool.execute("t2", { topic: "a" }, controller.signal).catch((error: unknown) => error);
      setTimeout(() => controller.abort(), 300);
      const abortError = await aborted;
      expect(McpBridgeError.isInstance(abortError) && abortError.code).toBe("call_cancelled");
      expect(performance.now() - started).toBeLessThan(2_500);
      const limited = await tool.execute("t3", { topic: "b" }).catch((error: unknown) => error);
      expect(McpBridgeError.isInstance(limited) && limited.code).toBe("call_time_limit");
      expect((limited as Error).message).toMatch(
        /ran past its time limit of 1500 ms \(task .+, cancelled on the server\)/,
      );
    } finally {
      await mcp.close();
    }
  });
});
