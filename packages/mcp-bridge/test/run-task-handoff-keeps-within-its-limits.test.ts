import { describe, expect, test } from "vitest";
import {
  createRunTaskHandoff,
  MAX_TASK_HANDOFFS_PER_RUN,
  MAX_TASK_HANDOFFS_PER_SERVER,
  TASK_HANDOFF_TTL_MS,
} from "../src/create-run-task-handoff.js";
import type { HandOffTaskRequest } from "../src/handed-off-task-store.js";
import type { McpTaskHandoffRequest } from "../src/mcp-task-handoff.js";

const NOW = Date.parse("2030-01-01T00:00:00.000Z");

function handoffOf(replayedTaskIds: readonly string[] = []) {
  const requests: HandOffTaskRequest[] = [];
  const handoff = createRunTaskHandoff({
    store: {
      handOffTask: (request) => {
        requests.push(request);
        return {
          continuationId: `c-${request.taskId}`,
          deadlineMs: request.deadlineMs,
          replayed: replayedTaskIds.includes(request.taskId),
        };
      },
    },
    serverNames: ["jobs", "other"],
    afterMs: 5_000,
    runId: "run-1",
    conversationId: "cli:one",
    now: () => NOW,
  });
  return { handoff, requests };
}

function task(
  serverName: string,
  taskId: string,
  fields: Partial<McpTaskHandoffRequest> = {},
): McpTaskHandoffRequest {
  return {
    serverName,
    toolName: "survey",
    name: `mcp__${serverName}__survey`,
    toolCallId: `call-${taskId}`,
    taskId,
    reason: "handoff_after",
    ttlMs: null,
    createdAt: new Date(NOW - 1_000).toISOString(),
    ...fields,
  };
}

describe("the hand-off of one run", () => {
  test("allows only its servers; the deadline is the task's TTL from its creation, else one day", async () => {
    const { handoff, requests } = handoffOf();
    expect(handoff.allows("jobs")).toBe(true);
    expect(handoff.allows("web")).toBe(false);
    expect(handoff.afterMs).toBe(5_000);
    expect(handoff.ttlMs).toBe(TASK_HANDOFF_TTL_MS);
    const receipt = await handoff.handOff(task("jobs", "t1", { ttlMs: 60_000 }));
    expect(receipt).toEqual({ continuationId: "c-t1", deadline: new Date(NOW + 59_000).toISOString() });
    await handoff.handOff(task("jobs", "t2"));
    // A creation time in the future or unreadable counts from now.
    await handoff.handOff(task("jobs", "t3", { createdAt: "soon", ttlMs: 10 }));
    expect(requests.map((request) => request.deadlineMs)).toEqual([
      NOW + 59_000,
      NOW - 1_000 + TASK_HANDOFF_TTL_MS,
      NOW + 10,
    ]);
    expect(requests[0]).toMatchObject({ runId: "run-1", conversationId: "cli:one", serverName: "jobs" });
  });

  test(`refuses the task past ${MAX_TASK_HANDOFFS_PER_SERVER} per server and ${MAX_TASK_HANDOFFS_PER_RUN} per run; a replayed task counts against neither`, async () => {
    const { handoff } = handoffOf(["again"]);
    // The store already held this task (the same call handed off twice): it takes no place.
    await handoff.handOff(task("jobs", "again"));
    for (let index = 0; index < MAX_TASK_HANDOFFS_PER_SERVER; index++)
      await handoff.handOff(task("jobs", `j${index}`));
    await expect(handoff.handOff(task("jobs", "one-more"))).rejects.toThrow(
      `this run already left ${MAX_TASK_HANDOFFS_PER_SERVER} tasks of "jobs" running, the most one run may`,
    );
    const servers = Array.from(
      { length: MAX_TASK_HANDOFFS_PER_RUN / MAX_TASK_HANDOFFS_PER_SERVER },
      (_, i) => `s${i}`,
    );
    const wide = createRunTaskHandoff({
      store: {
        handOffTask: (request) => ({ continuationId: request.taskId, deadlineMs: 0, replayed: false }),
      },
      serverNames: [...servers, "last"],
      afterMs: 0,
      runId: "run-2",
      conversationId: "cli:one",
    });
    for (const server of servers)
      for (let index = 0; index < MAX_TASK_HANDOFFS_PER_SERVER; index++)
        await wide.handOff(task(server, `${server}-${index}`));
    await expect(wide.handOff(task("last", "x"))).rejects.toThrow(
      `this run already left ${MAX_TASK_HANDOFFS_PER_RUN} tasks running, the most one run may`,
    );
  });
});
