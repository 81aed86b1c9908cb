import { describe, expect, test } from "vitest";
import type {
  HandedOffTask,
  HandedOffTaskStore,
  McpTaskOutcomePayload,
} from "../src/handed-off-task-store.js";
import type { RunServerSpec } from "../src/run-server-spec.js";
import { startMcpTaskWatcher, TASK_WATCH_POLL_MIN_MS } from "../src/start-mcp-task-watcher.js";
import { serverEverythingBin, TEST_SERVER_OPTIONS, testLauncher } from "./fixtures/bridge-test-kit.js";

const START = Date.parse("2030-01-01T00:00:00.000Z");
const everything: RunServerSpec = {
  name: "everything",
  transport: "stdio",
  command: process.execPath,
  args: [serverEverythingBin(), "stdio"],
  env: {},
  options: TEST_SERVER_OPTIONS,
};

/** Handed-off tasks in memory: a settled task leaves the list, as in the continuation store. */
function memoryTaskStore(tasks: HandedOffTask[]) {
  const settled: { continuationId: string; idempotencyKey: string; payload: McpTaskOutcomePayload }[] = [];
  const store: Pick<HandedOffTaskStore, "handedOffTasks" | "settleHandedOffTask"> = {
    handedOffTasks: () =>
      tasks.filter((task) => !settled.some((entry) => entry.continuationId === task.continuationId)),
    settleHandedOffTask: (continuationId, settlement) => {
      settled.push({ continuationId, ...settlement });
    },
  };
  return { store, settled };
}

describe("the task watcher", () => {
  test("settles a task of an undeclared or unfollowed server as unavailable and one past its deadline as expired, redacted, once", async () => {
    const clock = { now: START };
    const { store, settled } = memoryTaskStore([
      { continuationId: "c-gone", serverName: "gone", taskId: "t-gone", deadlineMs: START + 60_000 },
      {
        continuationId: "c-dropped",
        serverName: "everything",
        taskId: "t-dropped",
        deadlineMs: START + 60_000,
      },
      { continuationId: "c-late", serverName: "everything", taskId: "t-late", deadlineMs: START },
    ]);
    const watcher = startMcpTaskWatcher({
      store,
      resolveServers: () => [everything],
      followedServers: [],
      stdio: testLauncher(),
      redactText: (text) => text.replaceAll("gone", "[redacted]"),
      now: () => clock.now,
    });
    try {
      await watcher.poll();
      await watcher.poll();
      expect(settled).toEqual([
        {
          continuationId: "c-gone",
          idempotencyKey: "mcp-task:t-gone:unavailable",
          payload: {
            kind: "mcp_task_outcome",
            server: "gone",
            taskId: "t-gone",
            status: "unavailable",
            error:
              'the MCP server "[redacted]" is no longer declared (or it is disabled or cannot be resolved), so the task cannot be followed',
          },
        },
        {
          continuationId: "c-dropped",
          idempotencyKey: "mcp-task:t-dropped:unavailable",
          payload: {
            kind: "mcp_task_outcome",
            server: "everything",
            taskId: "t-dropped",
            status: "unavailable",
            error:
              'the MCP server "everything" is no longer in tools.continuationServers, so the task cannot be followed',
          },
        },
        {
          continuationId: "c-late",
          idempotencyKey: "mcp-task:t-late:expired",
          payload: {
            kind: "mcp_task_outcome",
            server: "everything",
            taskId: "t-late",
            status: "expired",
            error: `the task did not finish before its deadline ${new Date(START).toISOString()}`,
          },
        },
      ]);
    } finally {
      await watcher.close();
    }
  });

  test("a task the server cannot tell about is polled again later (backing off), then expires naming the last problem", async () => {
    const clock = { now: START };
    const deadlineMs = START + 60_000;
    const { store, settled } = memoryTaskStore([
      { continuationId: "c-1", serverName: "everything", taskId: "no-such-task", deadlineMs },
    ]);
    const watcher = startMcpTaskWatcher({
      store,
      resolveServers: () => [everything],
      followedServers: ["everything"],
      stdio: testLauncher(),
      redactText: (text) => text,
      now: () => clock.now,
    });
    try {
      await watcher.poll();
      // Within the doubled wait nothing is asked or settled.
      clock.now += TASK_WATCH_POLL_MIN_MS;
      await watcher.poll();
      expect(settled).toEqual([]);
      clock.now = deadlineMs;
      await watcher.poll();
      expect(settled).toHaveLength(1);
      expect(settled[0]?.payload).toMatchObject({ status: "expired", taskId: "no-such-task" });
      expect(settled[0]?.payload.error).toMatch(
        /did not finish before its deadline .*; last problem: the server's answer about the task was unusable: /,
      );
    } finally {
      await watcher.close();
    }
  });
});
