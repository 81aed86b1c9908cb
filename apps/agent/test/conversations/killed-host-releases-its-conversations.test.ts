import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { startTestPostgres, type TestPostgres } from "@mono-agent/storage/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresConversationRunLock } from "../../src/conversations/conversation-run-lock.js";

/** The built run lock (a plain node child imports it; `pnpm build` runs before the tests). */
const RUN_LOCK_MODULE = fileURLToPath(
  new URL("../../dist/conversations/conversation-run-lock.js", import.meta.url),
);

let server: TestPostgres;
beforeAll(async () => {
  server = await startTestPostgres();
}, 60_000);
afterAll(() => server?.stop());

describe("a host killed mid-run", () => {
  it("kill -9 of the host running a conversation lets the other host's waiting run start", async () => {
    const child = spawn(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `import { createPostgresConversationRunLock } from ${JSON.stringify(RUN_LOCK_MODULE)};
const lock = createPostgresConversationRunLock({ url: process.argv[1], schema: "killed" });
await lock.run("web:k", async () => {
  process.stdout.write("running\\n");
  await new Promise(() => {});
});`,
        server.url,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => {
        if (chunk.toString().includes("running")) resolve();
      });
      child.once("exit", (code) => reject(new Error(`the child host exited early (${code})`)));
    });
    const survivor = createPostgresConversationRunLock({ url: server.url, schema: "killed" });
    try {
      let started = false;
      const waiting = survivor.run("web:k", async () => {
        started = true;
        return "ran after the kill";
      });
      // Another conversation is not held by the child: it runs at once.
      expect(await survivor.run("web:other", async () => started)).toBe(false);
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
      expect(await waiting).toBe("ran after the kill");
    } finally {
      await survivor.close();
    }
  });
});
