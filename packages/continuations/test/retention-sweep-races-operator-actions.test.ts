import { type ChildProcess, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, test } from "vitest";
import { ContinuationError } from "../src/index.js";
import {
  type ContinuationStore,
  openContinuationStore,
  readOperatorToken,
  resolveContinuationDelivery,
  retryContinuation,
} from "../src/node.js";
import { finishedRow } from "./fixtures/finished-rows.js";
import { makeStateDir } from "./fixtures/host-kit.js";
import { clock, request, startTestService, until } from "./service-kit.js";

const DAY_MS = 24 * 60 * 60 * 1000;
const RACER = fileURLToPath(new URL("./fixtures/store-racer.mjs", import.meta.url));

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

function operatorStore(stateDir: string): ContinuationStore {
  const store = openContinuationStore({ stateDir, mustExist: true });
  closers.push(() => store.close());
  return store;
}

function codeOf(action: () => unknown): { code: string; message: string } {
  try {
    action();
  } catch (error) {
    if (ContinuationError.isInstance(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("the action succeeded");
}

describe("the retention sweep against operator actions on one SQLite file", () => {
  test("a record retried before the sweep is kept (and delivered); one swept first fails unknown_continuation, on the CLI path and the API", async () => {
    const { service, stateDir } = await startTestService({ retention: { terminalMaxAgeMs: DAY_MS } });
    closers.push(() => service.close());
    const operator = operatorStore(stateDir);
    const retried = finishedRow("dead_lettered", clock.now - 2 * DAY_MS);
    const swept = finishedRow("dead_lettered", clock.now - 2 * DAY_MS);
    operator.insert(retried);
    operator.insert(swept);

    expect(retryContinuation(operator, retried.continuationId, { now: clock.now }).state).toBe(
      "result_received",
    );
    expect(service.sweepRetention().deletedRecords).toBe(1);
    expect(service.store.get(retried.continuationId)).toBeDefined();
    await until(
      () => service.store.get(retried.continuationId)?.state === "delivered",
      "the retry delivered",
    );

    const cli = codeOf(() => retryContinuation(operator, swept.continuationId));
    expect(cli.code).toBe("unknown_continuation");
    expect(cli.message).toContain(swept.continuationId);
    const api = await request(`${service.url}/v1/operator/continuations/${swept.continuationId}/retry`, {
      token: readOperatorToken(stateDir),
      body: {},
    });
    expect(api.status).toBe(404);
    expect(api.body.error.code).toBe("unknown_continuation");
    expect(api.body.error.message).toContain(swept.continuationId);
  });

  test("a sweep that commits between an operator's read and its write: the action fails naming the record, nothing is written", () => {
    const stateDir = makeStateDir();
    const sweeper = openContinuationStore({ stateDir });
    closers.push(() => sweeper.close());
    const operator = operatorStore(stateDir);
    const now = Date.now();
    const policy = {
      terminalMaxRecords: 50_000,
      terminalMaxAgeMs: DAY_MS,
      capturedTextMaxRecords: 1_000,
      capturedTextMaxAgeMs: DAY_MS,
    };
    // The operator's connection runs one sweep (on the other connection) just before its conditional write.
    const sweepFirst = new Proxy(operator, {
      get(target, key, receiver) {
        if (key !== "update") return Reflect.get(target, key, receiver);
        return (...args: Parameters<ContinuationStore["update"]>) => {
          sweeper.sweepRetention(policy, now);
          return target.update(...args);
        };
      },
    });
    for (const [state, act] of [
      ["dead_lettered", (id: string) => retryContinuation(sweepFirst, id, { now })],
      [
        "delivery_unknown",
        (id: string) => resolveContinuationDelivery(sweepFirst, id, { kind: "not_delivered" }, now),
      ],
    ] as const) {
      const row = finishedRow(state, now - 2 * DAY_MS);
      operator.insert(row);
      const failure = codeOf(() => act(row.continuationId));
      expect(failure.code).toBe("unknown_continuation");
      expect(failure.message).toMatch(
        new RegExp(`continuation ${row.continuationId} was removed while (retry|resolve) ran`),
      );
      expect(operator.get(row.continuationId)).toBeUndefined();
    }
  });

  test("two processes, one sweeping and one retrying and resolving the same records: every record is either acted on and kept, or removed and reported", async () => {
    const stateDir = makeStateDir();
    const seed = openContinuationStore({ stateDir });
    const count = 600;
    const step = 1_000;
    const base = Date.now() - 30 * DAY_MS;
    const ids: string[] = [];
    for (let index = 0; index < count; index++) {
      const row = finishedRow(index % 2 === 0 ? "dead_lettered" : "delivery_unknown", base + index * step);
      seed.insert(row);
      ids.push(row.continuationId);
    }
    seed.close();
    const folder = dirname(stateDir);
    // The sweeper removes the oldest first; the operator starts from the newest: they meet in the middle.
    writeFileSync(join(folder, "sweep-ids"), ids.join("\n"));
    writeFileSync(join(folder, "operate-ids"), [...ids].reverse().join("\n"));
    const sweeper = racer(stateDir, "sweep", [
      `--base=${base}`,
      `--step=${step}`,
      `--age=${DAY_MS}`,
      "--pace-ms=1",
    ]);
    const operator = racer(stateDir, "operate");
    await Promise.all([sweeper.ready, operator.ready]);
    sweeper.child.stdin?.write("go\n");
    operator.child.stdin?.write("go\n");
    const [swept, operated] = await Promise.all([sweeper.done, operator.done]);

    const outcomes = operated.outcomes as Record<string, string>;
    const removed = ids.filter((id) => outcomes[id] === "unknown_continuation");
    const actedOn = ids.filter((id) => outcomes[id] !== "unknown_continuation");
    expect(Object.keys(outcomes)).toHaveLength(count);
    for (const id of actedOn)
      expect(["result_received", "ready_to_deliver", "delivered"]).toContain(outcomes[id]);
    expect(removed.length).toBeGreaterThan(0);
    expect(actedOn.length).toBeGreaterThan(0);
    expect(swept.deletedRecords).toBe(removed.length);
    const after = openContinuationStore({ stateDir, mustExist: true });
    closers.push(() => after.close());
    for (const id of removed) expect(after.get(id)).toBeUndefined();
    for (const id of actedOn) expect(after.get(id)?.state).toBe(outcomes[id]);
  });
});

interface RacerDone {
  deletedRecords?: number;
  outcomes?: Record<string, string>;
  removedWhileActing?: number;
}

function racer(stateDir: string, role: "sweep" | "operate", flags: string[] = []) {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      RACER,
      `--state=${stateDir}`,
      `--role=${role}`,
      `--ids=${join(dirname(stateDir), `${role}-ids`)}`,
      ...flags,
    ],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  closers.push(() => void child.kill("SIGKILL"));
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const events = new Map<string, (event: RacerDone) => void>();
  lines.on("line", (line) => {
    const event = JSON.parse(line) as RacerDone & { event: string };
    events.get(event.event)?.(event);
  });
  const next = (name: string) =>
    new Promise<RacerDone>((resolve, reject) => {
      events.set(name, resolve);
      child.once("close", (code) => reject(new Error(`the ${role} racer exited (${code}) before "${name}"`)));
    });
  return { child, ready: next("ready"), done: next("done") };
}
