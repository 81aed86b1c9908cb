// A worker thread with its own connection to the web thread store (transpiled from src/ by the test): for each
// round it waits for the shared "go" signal, then does its one operation, so two workers really race.
import { parentPort, workerData } from "node:worker_threads";

const { createWebThreadStore } = await import(workerData.storeModule);
const store = createWebThreadStore({ file: workerData.file });
const signals = new Int32Array(workerData.signals);

parentPort.on("message", (message) => {
  if (message === "close") {
    store.close();
    parentPort.close();
    return;
  }
  const { round, threadId, title } = message;
  Atomics.add(signals, 1, 1);
  while (Atomics.load(signals, 0) < round) Atomics.wait(signals, 0, round - 1, 50);
  let outcome = "renamed";
  if (workerData.role === "manual") store.renameThread(threadId, title);
  else outcome = store.proposeTitle(threadId, title);
  parentPort.postMessage({ round, outcome });
});
parentPort.postMessage({ ready: true });
