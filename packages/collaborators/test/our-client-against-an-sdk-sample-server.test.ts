import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SampleAgent, startSampleAgent } from "./fixtures/sample-agent.js";
import { askCollaboratorClient, peer } from "./support.js";

let sample: SampleAgent;
beforeAll(async () => {
  sample = await startSampleAgent();
});
afterAll(async () => {
  await sample?.close();
});

describe("AskCollaborator against an @a2a-js/sdk sample server", () => {
  it("streams a message to completion: text and structured data come back as untrusted evidence with the context id to follow up", async () => {
    const tool = await askCollaboratorClient({ collaborators: [peer("sample", sample.cardUrl)] });
    const answer = await tool.ask({ collaborator: "sample", question: "hello there" });
    expect(answer.isError, answer.text).toBe(false);
    const body = JSON.parse(answer.text);
    expect(body).toMatchObject({
      collaborator: "sample",
      state: "completed",
      answer: { text: "echo: hello there", data: [{ rows: 3 }] },
      untrusted: true,
    });
    expect(body.navigation.nextActions[0].arguments).toEqual({
      collaborator: "sample",
      contextId: body.contextId,
    });
    expect(sample.bodies.at(-1)).toContain("SendStreamingMessage");
    await tool.close();
  });

  it("input-required comes back with contextId and taskId; answering with them completes the same task", async () => {
    const tool = await askCollaboratorClient({ collaborators: [peer("sample", sample.cardUrl)] });
    const first = JSON.parse(
      (await tool.ask({ collaborator: "sample", question: "I need input on the weather" })).text,
    );
    expect(first).toMatchObject({ state: "input-required", answer: { text: "Which city?" } });
    const next = first.navigation.nextActions[0].arguments;
    expect(next).toEqual({ collaborator: "sample", contextId: first.contextId, taskId: first.taskId });
    const second = JSON.parse((await tool.ask({ ...next, question: "Lisbon" })).text);
    expect(second).toMatchObject({
      state: "completed",
      taskId: first.taskId,
      answer: { text: "weather in Lisbon: sunny" },
    });
    await tool.close();
  });

  it("a task still working after waitMs with no continuation service is cancelled on the peer, and the tool says so", async () => {
    const tool = await askCollaboratorClient({
      collaborators: [peer("sample", sample.cardUrl, { waitMs: 400 })],
    });
    const answer = await tool.ask({ collaborator: "sample", question: "a slow one" });
    expect(answer.isError).toBe(true);
    expect(answer.text).toContain(
      'collaborator "sample" was still working after 400 ms, so its task was cancelled',
    );
    expect(sample.cancelled).toHaveLength(1);
    expect(sample.bodies.some((body) => body.includes("CancelTask"))).toBe(true);
    await tool.close();
  });
});
