import { type Context, createModels } from "@earendil-works/pi-ai";
import { describe, expect, it } from "vitest";
import { DEMO_MODEL_REFS, demoModel, demoProvider, planDemoReply } from "../src/index.js";

describe("demo model", () => {
  it("introduces itself on a first message with no tools and calls none", () => {
    const context: Context = { messages: [{ role: "user", content: "hello", timestamp: 0 }] };
    const reply = planDemoReply(context);
    expect(reply.toolCall).toBeUndefined();
    expect(reply.text.length).toBeGreaterThan(0);
  });

  it("streams a finished assistant message through a pi-ai Models collection holding its provider", async () => {
    const models = createModels();
    models.setProvider(demoProvider());
    expect(models.getModel("demo", "demo")).toEqual(demoModel());
    const context: Context = { messages: [{ role: "user", content: "hello", timestamp: 0 }] };
    const message = await models.complete(demoModel(), context);
    expect(message.stopReason).toBe("stop");
    expect(message.content[0]).toMatchObject({ type: "text" });
    expect(DEMO_MODEL_REFS).toContain("demo:demo");
  });
});
