import { Role, TaskState } from "@a2a-js/sdk";
import {
  type AgentExecutionEvent,
  type ExecutionEventBus,
  RequestContext,
  ServerCallContext,
} from "@a2a-js/sdk/server";
import { describe, expect, it } from "vitest";
import { createRunExecutor } from "../src/node/run-executor.js";

function bus(events: AgentExecutionEvent[]): ExecutionEventBus {
  return { publish: (event: AgentExecutionEvent) => events.push(event) } as unknown as ExecutionEventBus;
}

function context(taskId: string): RequestContext {
  const message = {
    messageId: taskId,
    contextId: "ctx",
    taskId: "",
    role: Role.ROLE_USER,
    parts: [
      {
        content: { $case: "text" as const, value: "question" },
        metadata: undefined,
        filename: "",
        mediaType: "text/plain",
      },
    ],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
  return new RequestContext(
    { tenant: "", message, configuration: undefined, metadata: undefined },
    taskId,
    "ctx",
    new ServerCallContext(),
  );
}

describe("A2A calls past the concurrency bound", () => {
  it("are rejected at once with a sentence saying why; the running ones go on", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = 0;
    const executor = createRunExecutor(async () => {
      started += 1;
      await gate;
      return { status: "succeeded", finalText: "done" };
    }, 2);
    const first: AgentExecutionEvent[] = [];
    const second: AgentExecutionEvent[] = [];
    const third: AgentExecutionEvent[] = [];
    const running = [
      executor.execute(context("t1"), bus(first)),
      executor.execute(context("t2"), bus(second)),
    ];
    await executor.execute(context("t3"), bus(third));
    const last = third.at(-1);
    expect(last?.kind).toBe("statusUpdate");
    expect(last?.kind === "statusUpdate" && last.data.status?.state).toBe(TaskState.TASK_STATE_REJECTED);
    expect(JSON.stringify(last)).toContain("The agent is busy: 2 calls are running. Try again later.");
    expect(started).toBe(2);
    release();
    await Promise.all(running);
    const done = first.at(-1);
    expect(done?.kind === "statusUpdate" && done.data.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
  });
});
