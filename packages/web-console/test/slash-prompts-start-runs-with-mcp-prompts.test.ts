import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createWebRuns } from "../src/node/web-runs.js";
import { createWebThreadStore } from "../src/node/web-thread-store.js";
import { parseSlashPrompt } from "../src/slash-prompt.js";
import type { WebRunRequest } from "../src/web-console-app.js";
import { createWebEventHub } from "../src/web-event-hub.js";

describe("/server:prompt in a console message", () => {
  it("reads the server, the prompt, key=value arguments (quoted or bare) and the text after them", () => {
    expect(parseSlashPrompt("/everything:simple-prompt")).toEqual({
      prompt: { server: "everything", name: "simple-prompt", arguments: {} },
      text: "",
    });
    expect(
      parseSlashPrompt('/everything:args-prompt city=Paris state="Île de \\"France\\"" and be brief'),
    ).toEqual({
      prompt: {
        server: "everything",
        name: "args-prompt",
        arguments: { city: "Paris", state: 'Île de "France"' },
      },
      text: "and be brief",
    });
  });

  it("leaves ordinary messages, paths and the // escape as text", () => {
    expect(parseSlashPrompt("what is in /etc:x?")).toEqual({ text: "what is in /etc:x?" });
    expect(parseSlashPrompt("/etc/passwd please")).toEqual({ text: "/etc/passwd please" });
    expect(parseSlashPrompt("/no-colon here")).toEqual({ text: "/no-colon here" });
    expect(parseSlashPrompt("//usr:local is a path")).toEqual({ text: "/usr:local is a path" });
    expect(parseSlashPrompt("/__proto__:x")).toEqual({ text: "/__proto__:x" });
    const args = parseSlashPrompt("/s:p __proto__=1").prompt?.arguments;
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
    expect(Object.hasOwn(args ?? {}, "__proto__")).toBe(true);
  });

  it("a message with a slash prompt reaches the app as mcpPrompt plus the rest; the thread keeps what was typed", async () => {
    const store = createWebThreadStore({ file: join(mkdtempSync(join(tmpdir(), "web-slash-")), "w.sqlite") });
    const requests: WebRunRequest[] = [];
    const runs = createWebRuns({
      run: async (request) => {
        requests.push(request);
        return { status: "succeeded", finalText: "" };
      },
      store,
      hub: createWebEventHub(),
    });
    const { threadId } = store.createThread();
    runs.start(threadId, "/everything:args-prompt city=Paris then summarise");
    while (requests.length === 0) await new Promise((resolve) => setImmediate(resolve));
    expect(requests[0]).toMatchObject({
      input: "then summarise",
      mcpPrompt: { server: "everything", name: "args-prompt", arguments: { city: "Paris" } },
    });
    expect(store.listTurns(threadId)[0]?.userText).toBe("/everything:args-prompt city=Paris then summarise");
    await runs.close();
    store.close();
  });
});
