import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { AgentMessage } from "@earendil-works/pi-agent-core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createConversationStore } from "../../src/conversations/conversation-store.js";
import { transpileStoreForChild } from "./transpile-store-for-child.js";

const run = promisify(execFile);
let directory: string;

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), "conversation-processes-"));
});

afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

function user(text: string): AgentMessage {
  return { role: "user", content: text, timestamp: 1 };
}

function assistant(text: string): AgentMessage {
  return {
    role: "assistant",
    content: [{ type: "text", text }],
    api: "faux",
    provider: "faux",
    model: "faux-1",
    usage: {
      input: 1,
      output: 1,
      cacheRead: 0,
      cacheWrite: 0,
      totalTokens: 2,
      cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
    },
    stopReason: "stop",
    timestamp: 2,
  };
}

describe("a conversation continues across processes", () => {
  it("a second process sees the first's messages, and the first sees what the second appended", async () => {
    const file = join(directory, "state", "conversations.sqlite");
    const store = createConversationStore({ file });
    await store.appendMessages("cli:default", "run-1", [user("first question"), assistant("first answer")]);

    const storeModule = transpileStoreForChild(join(directory, "child"));
    const childScript = join(directory, "child", "child.mjs");
    writeFileSync(
      childScript,
      `import { createConversationStore } from ${JSON.stringify(storeModule)};
const store = createConversationStore({ file: process.argv[2] });
const seen = await store.loadMessages("cli:default");
await store.appendMessages("cli:default", "run-2", [
  { role: "user", content: "second question", timestamp: 3 },
]);
await store.close();
process.stdout.write(JSON.stringify(seen));
`,
    );
    const { stdout } = await run(process.execPath, [childScript, file], { timeout: 20_000 });
    const seenByChild = JSON.parse(stdout) as AgentMessage[];
    expect(seenByChild).toEqual([user("first question"), assistant("first answer")]);

    const seenByParent = await store.loadMessages("cli:default");
    expect(seenByParent).toHaveLength(3);
    expect(seenByParent[2]).toEqual({ role: "user", content: "second question", timestamp: 3 });
    expect(await store.listConversations()).toEqual([
      expect.objectContaining({ conversationId: "cli:default", messageCount: 3 }),
    ]);
    await store.close();
  });

  it("processes opening a fresh file and appending at the same time lose nothing and share one sequence", async () => {
    const file = join(directory, "fresh", "conversations.sqlite");
    const storeModule = transpileStoreForChild(join(directory, "child"));
    const childScript = join(directory, "child", "append.mjs");
    writeFileSync(
      childScript,
      `import { createConversationStore } from ${JSON.stringify(storeModule)};
const store = createConversationStore({ file: process.argv[2] });
for (let index = 0; index < 20; index++) {
  await store.appendMessages("cli:shared", \`run-\${process.argv[3]}-\${index}\`, [
    { role: "user", content: \`\${process.argv[3]}:\${index}\`, timestamp: index },
  ]);
}
await store.close();
`,
    );
    await Promise.all(
      ["a", "b", "c"].map((name) => run(process.execPath, [childScript, file, name], { timeout: 30_000 })),
    );
    const store = createConversationStore({ file });
    const contents = (await store.loadMessages("cli:shared")).map(
      (message) => (message as { content: string }).content,
    );
    store.close();
    expect(contents).toHaveLength(60);
    for (const name of ["a", "b", "c"]) {
      const own = contents.filter((content) => content.startsWith(`${name}:`));
      expect(own).toEqual(Array.from({ length: 20 }, (_, index) => `${name}:${index}`));
    }
  });
});
