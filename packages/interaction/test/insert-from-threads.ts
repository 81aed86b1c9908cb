import { Worker } from "node:worker_threads";
import type { AskRecord } from "../src/ask-types.js";
import type { StoreLocation } from "./interaction-store-engines.js";

const DIST = new URL("../dist/", import.meta.url).href;

/**
 * Each worker thread opens its own store handle (its own connection: one host each) from the built
 * package, waits on a shared barrier so every insert starts at once, inserts its ask, and reports
 * whether it was stored.
 */
const WORKER = `
const { workerData, parentPort } = require("node:worker_threads");
(async () => {
  const { location, ask, physical, barrier, dist } = workerData;
  let store;
  try {
    store = location.engine === "sqlite"
      ? (await import(dist + "sqlite.js")).createSqliteInteractionStore({ file: location.file })
      : (await import(dist + "postgres.js")).openPostgresInteractionStore(location);
    const flag = new Int32Array(barrier);
    Atomics.add(flag, 1, 1);
    Atomics.wait(flag, 0, 0);
    const result = store.insertIfNoPending(ask, physical);
    parentPort.postMessage({ inserted: result.inserted, pending: result.inserted ? undefined : result.pending.askId });
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  } finally {
    store?.close();
  }
})();
`;

/** Inserts `asks` from one thread each, all released at the same moment; resolves with each outcome. */
export async function insertFromThreads(
  location: StoreLocation,
  asks: AskRecord[],
  physical: string,
): Promise<{ inserted: boolean; pending?: string; error?: string }[]> {
  const barrier = new SharedArrayBuffer(8);
  const flag = new Int32Array(barrier);
  const workers = asks.map(
    (ask) => new Worker(WORKER, { eval: true, workerData: { location, ask, physical, barrier, dist: DIST } }),
  );
  const outcomes = workers.map(
    (worker) =>
      new Promise<{ inserted: boolean; pending?: string; error?: string }>((resolve, reject) => {
        worker.once("message", resolve);
        worker.once("error", reject);
      }),
  );
  const deadline = Date.now() + 30_000;
  while (Atomics.load(flag, 1) < asks.length && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 10));
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
  try {
    return await Promise.all(outcomes);
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
