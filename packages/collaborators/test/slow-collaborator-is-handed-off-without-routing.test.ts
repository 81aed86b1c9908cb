import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  followCollaboratorTasks,
  type HandedOffCollaboratorTask,
} from "../src/node/follow-collaborator-tasks.js";
import { type SampleAgent, startSampleAgent } from "./fixtures/sample-agent.js";
import { askCollaboratorClient, peer } from "./support.js";

let sample: SampleAgent;
beforeAll(async () => {
  sample = await startSampleAgent();
});
afterAll(async () => {
  await sample?.close();
});

/** What the host binds a hand-off to; none of it may reach the collaborator. */
const HOST_RUN = { runId: "20261208T003200Z-run-7f3a", conversationId: "web:thread-secret-42" };

describe("a collaborator slower than the call", () => {
  it("is handed to the continuation service (bound by the host), and its later answer settles the continuation once; the A2A payload held no routing", async () => {
    const handedOff: (HandedOffCollaboratorTask & typeof HOST_RUN)[] = [];
    const settled: { continuationId: string; outcome: { idempotencyKey: string; payload: unknown } }[] = [];
    const tool = await askCollaboratorClient({
      collaborators: [peer("sample", sample.cardUrl, { waitMs: 400 })],
      handOff: (task) => {
        handedOff.push({ ...task, ...HOST_RUN, continuationId: `c-${handedOff.length + 1}` });
        return { continuationId: `c-${handedOff.length}`, deadline: new Date(task.deadlineMs).toISOString() };
      },
    });
    const answer = await tool.ask({ collaborator: "sample", question: "a slow question" });
    expect(answer.isError, answer.text).toBe(false);
    const body = JSON.parse(answer.text);
    expect(body).toMatchObject({ collaborator: "sample", state: "working", untrusted: true });
    expect(body.navigation.guidance).toContain(
      "will be delivered into this conversation when it arrives (continuation c-1",
    );
    expect(handedOff).toEqual([
      expect.objectContaining({ collaborator: "sample", taskId: body.taskId, ...HOST_RUN }),
    ]);
    expect(sample.cancelled).toEqual([]);
    await tool.close();

    // What the collaborator received: the question and nothing of the host.
    const sent = sample.bodies.map((text) => JSON.parse(text));
    expect(sent).toHaveLength(1);
    const message = sent[0].params.message;
    expect(message.parts).toEqual([{ text: "a slow question", mediaType: "text/plain" }]);
    expect(message.metadata).toBeUndefined();
    expect(sent[0].params.metadata).toBeUndefined();
    for (const text of sample.bodies) {
      expect(text).not.toContain(HOST_RUN.runId);
      expect(text).not.toContain(HOST_RUN.conversationId);
      expect(text).not.toMatch(/conversation|channel|thread|web:|cli:|slack:|telegram:/i);
    }

    const store = {
      handedOff: () =>
        handedOff.filter((task) => !settled.some((entry) => entry.continuationId === task.continuationId)),
      settle: (continuationId: string, outcome: { idempotencyKey: string; payload: unknown }) => {
        settled.push({ continuationId, outcome });
      },
    };
    const follower = followCollaboratorTasks({
      store,
      collaborators: [peer("sample", sample.cardUrl)],
      intervalMs: 60_000,
    });
    await follower.poll();
    expect(settled).toEqual([]);
    sample.finishSlow();
    for (let attempt = 0; attempt < 50 && settled.length === 0; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      await follower.poll();
    }
    await follower.close();
    expect(settled).toHaveLength(1);
    expect(settled[0]).toMatchObject({
      continuationId: "c-1",
      outcome: {
        idempotencyKey: `a2a-task:${body.taskId}:completed`,
        payload: {
          kind: "a2a_task_outcome",
          collaborator: "sample",
          taskId: body.taskId,
          state: "completed",
        },
      },
    });
    const outcome = settled[0]?.outcome.payload as { evidence: string };
    expect(JSON.parse(outcome.evidence)).toMatchObject({
      answer: { text: "the slow answer" },
      untrusted: true,
    });
  });

  it("a handed-off task past its deadline, of a collaborator no longer configured, or one the collaborator forgot, settles once with that state", async () => {
    const settled: { continuationId: string; payload: unknown }[] = [];
    const follower = followCollaboratorTasks({
      store: {
        handedOff: () => [
          { continuationId: "late", collaborator: "sample", taskId: "t-1", deadlineMs: 1_000 },
          { continuationId: "gone", collaborator: "removed", taskId: "t-2", deadlineMs: Date.now() + 60_000 },
          {
            continuationId: "forgotten",
            collaborator: "sample",
            taskId: "no-such-task",
            deadlineMs: Date.now() + 60_000,
          },
        ],
        settle: (continuationId, outcome) => settled.push({ continuationId, payload: outcome.payload }),
      },
      collaborators: [peer("sample", sample.cardUrl)],
      intervalMs: 60_000,
    });
    await follower.poll();
    await follower.close();
    expect(settled).toEqual([
      { continuationId: "late", payload: expect.objectContaining({ state: "expired" }) },
      { continuationId: "gone", payload: expect.objectContaining({ state: "unavailable" }) },
      {
        continuationId: "forgotten",
        payload: expect.objectContaining({
          state: "unavailable",
          problem: "the collaborator no longer knows the task",
        }),
      },
    ]);
  });
});
