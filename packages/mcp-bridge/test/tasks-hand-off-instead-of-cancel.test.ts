import { describe, expect, test } from "vitest";
import { checkMcpTasks } from "../src/check-mcp-tasks.js";
import { connectMcpServers } from "../src/connect-mcp-servers.js";
import { McpBridgeError } from "../src/mcp-bridge-error.js";
import type { McpTaskHandoff, McpTaskHandoffRequest } from "../src/mcp-task-handoff.js";
import {
  bridgeOptions,
  serverEverythingBin,
  TEST_SERVER_OPTIONS,
  testLauncher,
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

function handoff(handOff: McpTaskHandoff["handOff"]): McpTaskHandoff {
  return { allows: (name) => name === "everything", afterMs: 200, ttlMs: 86_400_000, handOff };
}

describe("tasks that may outlive the run", () => {
  test("a task still working after afterMs is handed off (not cancelled) and the model is told it continues; a refused hand-off cancels it", async () => {
    const requests: McpTaskHandoffRequest[] = [];
    let refuse = false;
    const mcp = await connectMcpServers(
      bridgeOptions(`${temp.path}/out`, {
        servers: [everything],
        taskHandoff: handoff(async (request) => {
          requests.push(request);
          if (refuse) throw new Error("the store is full");
          return { continuationId: "c-1", deadline: "2030-01-01T00:00:00.000Z" };
        }),
      }),
    );
    try {
      const tool = mcp.tools.find((candidate) => candidate.name === RESEARCH)!;
      const result = await tool.execute("t1", { topic: "kelp" });
      const text = (result.content[0] as { text: string }).text;
      expect(text).toMatch(
        /still running on the MCP server "everything" \(task .+\)\. It continues after this run/,
      );
      expect(text).toContain("continuation c-1");
      expect(result.details).toMatchObject({
        taskId: requests[0]?.taskId,
        handedOff: { continuationId: "c-1", deadline: "2030-01-01T00:00:00.000Z" },
      });
      expect(requests[0]).toMatchObject({
        serverName: "everything",
        toolName: "simulate-research-query",
        reason: "handoff_after",
      });

      refuse = true;
      const refused = await tool.execute("t2", { topic: "a" }).catch((error: unknown) => error);
      expect(McpBridgeError.isInstance(refused) && refused.code).toBe("task_handoff_refused");
      expect((refused as Error).message).toMatch(
        /could not continue after the run \(the store is full\); it was cancelled/,
      );
    } finally {
      await mcp.close();
    }
  }, 30_000);

  test("checkMcpTasks asks on a fresh connection: a task of another process is unreadable there (server-everything keeps tasks in memory)", async () => {
    const checks = await checkMcpTasks(everything, ["no-such-task"], {
      stdio: testLauncher(),
      requestTimeoutMs: 5_000,
      resultMaxChars: 1_000,
    });
    expect(checks).toEqual([{ taskId: "no-such-task", kind: "unreadable", message: expect.any(String) }]);
  }, 30_000);
});
