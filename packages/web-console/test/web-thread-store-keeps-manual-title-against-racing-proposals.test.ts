import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createWebThreadStore } from "../src/node/web-thread-store.js";
import { transpileWebStoreForWorker } from "./transpile-web-store-for-worker.js";

const WORKER = fileURLToPath(new URL("./race-worker.mjs", import.meta.url));
const RACE_ROUNDS = 150;

function tempStoreFile(): string {
  return join(mkdtempSync(join(tmpdir(), "web-race-")), "web-threads.sqlite");
}

describe("a manual rename and an agent title proposal arriving together", () => {
  it(`always end with the manual title: ${RACE_ROUNDS} real races between two connections in two threads`, async () => {
    const file = tempStoreFile();
    const store = createWebThreadStore({ file });
    const storeModule = transpileWebStoreForWorker();
    const signals = new SharedArrayBuffer(8);
    const go = new Int32Array(signals);
    const start = (role: string) =>
      new Promise<Worker>((resolve, reject) => {
        const worker = new Worker(WORKER, { workerData: { storeModule, file, signals, role } });
        worker.once("message", () => resolve(worker));
        worker.once("error", reject);
      });
    const [manual, agent] = await Promise.all([start("manual"), start("agent")]);
    const outcomes = new Map<string, number>();
    try {
      for (let round = 1; round <= RACE_ROUNDS; round++) {
        const { threadId } = store.createThread();
        store.startTurn(threadId, "first message");
        const replies = [manual, agent].map(
          (worker) => new Promise<{ outcome: string }>((resolve) => worker.once("message", resolve)),
        );
        manual.postMessage({ round, threadId, title: `Manual ${round}` });
        agent.postMessage({ round, threadId, title: `Agent ${round}` });
        while (Atomics.load(go, 1) < round * 2) await new Promise((resolve) => setImmediate(resolve));
        Atomics.store(go, 0, round);
        Atomics.notify(go, 0);
        const [, proposal] = await Promise.all(replies);
        const thread = store.getThread(threadId);
        expect(thread.title).toBe(`Manual ${round}`);
        expect(thread.titleSource).toBe("manual");
        expect(thread.titleLocked).toBe(true);
        expect(["applied", "locked"]).toContain(proposal?.outcome);
        outcomes.set(proposal?.outcome ?? "", (outcomes.get(proposal?.outcome ?? "") ?? 0) + 1);
        // A later proposal never lands either.
        expect(store.proposeTitle(threadId, "Later agent title")).toBe("locked");
        expect(store.getThread(threadId).title).toBe(`Manual ${round}`);
      }
    } finally {
      for (const worker of [manual, agent]) worker.postMessage("close");
      store.close();
    }
    expect([...outcomes.values()].reduce((sum, count) => sum + count, 0)).toBe(RACE_ROUNDS);
  }, 120_000);

  it("end with the manual title in every interleaving of renames and proposals over two connections", () => {
    const file = tempStoreFile();
    const browser = createWebThreadStore({ file });
    const service = createWebThreadStore({ file });
    try {
      fc.assert(
        fc.property(
          fc.array(fc.oneof(fc.constant("rename" as const), fc.constant("propose" as const)), {
            maxLength: 12,
          }),
          (operations) => {
            const { threadId } = browser.createThread();
            let lastManual: string | undefined;
            let lastApplied: string | undefined;
            operations.forEach((operation, index) => {
              if (operation === "rename") {
                lastManual = `Manual ${index}`;
                browser.renameThread(threadId, lastManual);
              } else {
                const outcome = service.proposeTitle(threadId, `Agent ${index}`);
                expect(outcome).toBe(lastManual === undefined ? "applied" : "locked");
                if (outcome === "applied") lastApplied = `Agent ${index}`;
              }
            });
            const thread = browser.getThread(threadId);
            expect(thread.title).toBe(lastManual ?? lastApplied ?? "New thread");
          },
        ),
      );
    } finally {
      browser.close();
      service.close();
    }
  });
});
