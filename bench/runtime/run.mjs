// Runtime bench: run after `pnpm build` (packages/mcp-bridge and apps/agent), from the repo root:
//   node bench/runtime/run.mjs
// Every figure is printed beside its baseline measured in the same run. Targets are reported as
// "met" / "MISSED"; the exit code is 0 either way (timings vary by machine).

import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const agentDir = join(repoRoot, "apps", "agent");
const bridgeDir = join(repoRoot, "packages", "mcp-bridge");
const fixtureDir = join(bridgeDir, "test", "fixtures");
const { connectMcpServers } = await import(join(bridgeDir, "dist", "index.js"));
const { createStdioLauncher } = await import(join(bridgeDir, "dist", "stdio.js"));
// `Client` is the v2 SDK client the bridge runs on (the baseline); `V1Client` the v1 one it ran on before.
const { Client, StdioClientTransport, V1Client, V1StdioClientTransport } = await import(
  join(fixtureDir, "raw-client.mjs")
);

/** Calls measured per path (the issue's figure). */
const CALLS = 2_000;
/** Calls per alternating block, so both paths see the same machine noise. */
const BLOCK = 250;
/** Warm-up calls per path before measuring (JIT, socket buffers). */
const WARM_UP_CALLS = 200;
/** Connect measurements per server count; the median is reported. */
const CONNECT_REPEATS = 7;
/** Per-call overhead target of the bridge over the raw MCP SDK client, in ms. */
const PER_CALL_TARGET_MS = 0.15;
/** Linux USER_HZ: the unit of cutime/cstime in /proc/self/stat (100 on every common Linux build). */
const CLOCK_TICKS_PER_SECOND = 100;
/** Target ratio of connecting 8 stdio servers to connecting 1. */
const CONNECT_RATIO_TARGET = 1.5;

const median = (values) => {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)];
};
const verdict = (met) => (met ? "met" : "MISSED");
const fixed = (value, digits = 3) => value.toFixed(digits);

const workDir = await mkdtemp(join(tmpdir(), "mono-agent-bench-"));
const hostEnv = { ...process.env };
const baseOptions = {
  stdio: createStdioLauncher({ hostEnv }),
  toolOutputDir: workDir,
  callTimeoutMs: 60_000,
  callMaxTotalTimeoutMs: 600_000,
};
const stdioSpec = (name, fixture, extraArgs = []) => ({
  name,
  transport: "stdio",
  command: fixture.endsWith(".sh") ? "sh" : process.execPath,
  args: [join(fixtureDir, fixture), ...extraArgs],
  env: {},
  options: { connectTimeoutMs: 30_000 },
});

async function perCallCost() {
  const raw = new Client({ name: "bench-raw", version: "0" });
  await raw.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [join(fixtureDir, "stdio-server.mjs")],
      stderr: "ignore",
    }),
  );
  const rawV1 = new V1Client({ name: "bench-raw-v1", version: "0" });
  await rawV1.connect(
    new V1StdioClientTransport({
      command: process.execPath,
      args: [join(fixtureDir, "stdio-server.mjs")],
      stderr: "ignore",
    }),
  );
  const run = new AbortController();
  const bridge = await connectMcpServers({
    ...baseOptions,
    runId: "bench-calls",
    signal: run.signal,
    servers: [stdioSpec("bench", "stdio-server.mjs")],
  });
  const echo = bridge.tools.find((tool) => tool.name === "mcp__bench__echo");
  const viaRaw = () => raw.callTool({ name: "echo", arguments: { text: "ping" } });
  const viaRawV1 = () => rawV1.callTool({ name: "echo", arguments: { text: "ping" } });
  let callId = 0;
  const viaBridge = () => echo.execute(`call-${callId++}`, { text: "ping" }, run.signal);
  for (let index = 0; index < WARM_UP_CALLS; index += 1) {
    await viaRaw();
    await viaRawV1();
    await viaBridge();
  }
  const blockMeans = { raw: [], rawV1: [], bridge: [] };
  for (let done = 0; done < CALLS; done += BLOCK) {
    for (const [key, call] of [
      ["raw", viaRaw],
      ["rawV1", viaRawV1],
      ["bridge", viaBridge],
    ]) {
      const started = performance.now();
      for (let index = 0; index < BLOCK; index += 1) await call();
      blockMeans[key].push((performance.now() - started) / BLOCK);
    }
  }
  await bridge.close();
  await raw.close();
  await rawV1.close();
  const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const rawPerCall = mean(blockMeans.raw);
  const bridgePerCall = mean(blockMeans.bridge);
  const added = bridgePerCall - rawPerCall;
  const medianAdded = median(blockMeans.bridge.map((value, index) => value - blockMeans.raw[index]));
  console.log(
    `per tool call over stdio (${CALLS} calls each, same fixture server, ${CALLS / BLOCK} alternating blocks)`,
  );
  console.log(
    `  raw MCP SDK client : ${fixed(rawPerCall)} ms/call   (baseline: v2 @modelcontextprotocol/client)`,
  );
  console.log(
    `  raw v1 SDK client  : ${fixed(mean(blockMeans.rawV1))} ms/call   (@modelcontextprotocol/sdk, before v2)`,
  );
  console.log(`  through the bridge : ${fixed(bridgePerCall)} ms/call`);
  console.log(
    `  bridge adds        : ${fixed(added)} ms/call (median of block differences ${fixed(medianAdded)})   target < ${PER_CALL_TARGET_MS} ms: ${verdict(added < PER_CALL_TARGET_MS)}`,
  );
}

/** Connects `count` servers with the raw MCP SDK client (connect + tools/list), in parallel; returns the ms. */
async function rawConnect(count, fixture, extraArgs, v1 = false) {
  const started = performance.now();
  const clients = await Promise.all(
    Array.from({ length: count }, async () => {
      const client = new (v1 ? V1Client : Client)({ name: "bench-raw", version: "0" });
      await client.connect(
        new (v1 ? V1StdioClientTransport : StdioClientTransport)({
          command: fixture.endsWith(".sh") ? "sh" : process.execPath,
          args: [join(fixtureDir, fixture), ...extraArgs],
          stderr: "pipe",
        }),
      );
      await client.listTools();
      return client;
    }),
  );
  const elapsed = performance.now() - started;
  await Promise.all(clients.map((client) => client.close()));
  return elapsed;
}

/** Connects `count` servers through the bridge in parallel; returns the ms. */
async function bridgeConnect(count, fixture, extraArgs, runId) {
  const servers = Array.from({ length: count }, (_, index) => stdioSpec(`s${index}`, fixture, extraArgs));
  const started = performance.now();
  const bridge = await connectMcpServers({ ...baseOptions, runId, servers });
  const elapsed = performance.now() - started;
  if (bridge.warnings.length > 0) throw new Error(JSON.stringify(bridge.warnings));
  await bridge.close();
  return elapsed;
}

/**
 * Connect cost of 1 vs 8 servers through the bridge, beside the raw MCP SDK client connecting the same
 * servers the same way (the baseline: what any Node host pays); only the primary scenario (`judged`) is
 * held to the target.
 */
async function connectCost(fixture, label, repeats = CONNECT_REPEATS, extraArgs = [], judged = false) {
  const timings = { bridge: { 1: [], 8: [] }, raw: { 1: [], 8: [] }, rawV1: { 1: [], 8: [] } };
  for (let repeat = 0; repeat < repeats; repeat += 1) {
    for (const count of [1, 8]) {
      timings.bridge[count].push(
        await bridgeConnect(count, fixture, extraArgs, `bench-connect-${repeat}-${count}`),
      );
      timings.raw[count].push(await rawConnect(count, fixture, extraArgs));
      timings.rawV1[count].push(await rawConnect(count, fixture, extraArgs, true));
    }
  }
  const serial = [];
  for (let repeat = 0; repeat < repeats; repeat += 1) {
    const started = performance.now();
    const bridges = [];
    for (let index = 0; index < 8; index += 1) {
      bridges.push(
        await connectMcpServers({
          ...baseOptions,
          runId: `bench-serial-${repeat}-${index}`,
          servers: [stdioSpec(`s${index}`, fixture, extraArgs)],
        }),
      );
    }
    serial.push(performance.now() - started);
    await Promise.all(bridges.map((bridge) => bridge.close()));
  }
  const one = median(timings.bridge[1]);
  const eight = median(timings.bridge[8]);
  const ratio = eight / one;
  const rawRatio = median(timings.raw[8]) / median(timings.raw[1]);
  console.log(`connect stdio servers in parallel (${label}; median of ${repeats})`);
  console.log(
    `  1 server                 : ${fixed(one, 1)} ms   (raw MCP SDK client: ${fixed(median(timings.raw[1]), 1)} ms; raw v1 SDK client: ${fixed(median(timings.rawV1[1]), 1)} ms)`,
  );
  console.log(
    `  8 servers                : ${fixed(eight, 1)} ms   (raw MCP SDK client: ${fixed(median(timings.raw[8]), 1)} ms; raw v1 SDK client: ${fixed(median(timings.rawV1[8]), 1)} ms)`,
  );
  console.log(
    `  8 servers one at a time  : ${fixed(median(serial), 1)} ms   (what a serial connect would cost)`,
  );
  console.log(
    `  ratio 8 : 1              : ${fixed(ratio, 2)}x   (raw MCP SDK client, same servers: ${fixed(rawRatio, 2)}x)${judged ? `   target < ${CONNECT_RATIO_TARGET}x: ${verdict(ratio < CONNECT_RATIO_TARGET)}` : "   (informational)"}`,
  );
  if (judged) await cpuBound(fixture, extraArgs, one);
}

/** CPU time used so far, in ms: this process's own, and its reaped children's (from /proc/self/stat; Linux). */
function cpuMs() {
  const own = process.cpuUsage();
  try {
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
    // After "pid (comm) " the fields start at state (field 3), so cutime (16) and cstime (17) are at 13 and 14.
    const children = ((Number(fields[13]) + Number(fields[14])) * 1000) / CLOCK_TICKS_PER_SECOND;
    return { host: (own.user + own.system) / 1000, children };
  } catch {
    return undefined;
  }
}

/**
 * The CPU a server costs bounds the ratio from below: 8 children's own CPU (the copy-on-write faults after
 * Node's fork, exec, the shell, the handshake) has to fit on the machine's CPUs beside this process's.
 */
async function cpuBound(fixture, extraArgs, oneServerMs) {
  const rounds = 30;
  const before = cpuMs();
  if (before === undefined) return;
  for (let round = 0; round < rounds; round += 1) {
    await bridgeConnect(8, fixture, extraArgs, `bench-cpu-${round}`);
  }
  const after = cpuMs();
  const servers = rounds * 8;
  const host = (after.host - before.host) / servers;
  const child = (after.children - before.children) / servers;
  const cpus = availableParallelism();
  const childFloor = (8 * child) / cpus;
  console.log(
    `  CPU per server, connect and close: ${fixed(host, 2)} ms in this process + ${fixed(child, 2)} ms in the child`,
  );
  console.log(
    `    8 children, as Node's spawn() starts them, need >= ${fixed(childFloor, 1)} ms of ${cpus} CPUs (${fixed(childFloor / oneServerMs, 1)}x one server) before this process does any work`,
  );
}

/** Spawns 8 `sh -c 'exit 0'` from worker threads (`count / workers` each) and resolves when all exited. */
const WORKER_SPAWNER = `
const { parentPort } = require("node:worker_threads");
const { spawn } = require("node:child_process");
parentPort.on("message", (count) => {
  let left = count;
  for (let index = 0; index < count; index += 1) {
    spawn("sh", ["-c", "exit 0"], { detached: true, stdio: "pipe" }).once("close", () => {
      left -= 1;
      if (left === 0) parentPort.postMessage("done");
    });
  }
});`;

/**
 * Node's spawn() blocks the event loop for each fork+exec; 8 of them are a floor no parallel connect can
 * beat. Spawning from worker threads does not lift it: the forks of one process serialize in the kernel.
 */
async function spawnFloor() {
  const { Worker } = await import("node:worker_threads");
  const workers = [new Worker(WORKER_SPAWNER, { eval: true }), new Worker(WORKER_SPAWNER, { eval: true })];
  const samples = { main: [], workers: [] };
  for (let repeat = 0; repeat < CONNECT_REPEATS; repeat += 1) {
    let started = performance.now();
    const children = Array.from({ length: 8 }, () =>
      spawn("sh", ["-c", "exit 0"], { detached: true, stdio: "pipe" }),
    );
    samples.main.push(performance.now() - started);
    await Promise.all(children.map((child) => new Promise((resolve) => child.once("close", resolve))));
    started = performance.now();
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise((resolve) => {
            worker.once("message", resolve);
            worker.postMessage(8 / workers.length);
          }),
      ),
    );
    samples.workers.push(performance.now() - started);
  }
  await Promise.all(workers.map((worker) => worker.terminate()));
  console.log(
    `  floor: 8 synchronous spawn() calls of "sh -c 'exit 0'" in this process: ${fixed(median(samples.main), 1)} ms`,
  );
  console.log(
    `         the same 8 from 2 worker threads, until all exited: ${fixed(median(samples.workers), 1)} ms (forks serialize)`,
  );
}

try {
  console.log(
    `mono-agent runtime bench (node ${process.version}, ${(await import("node:os")).cpus().length} CPUs)\n`,
  );
  await perCallCost();
  console.log("");
  await connectCost(
    "shell-stdio-server.sh",
    "sh server: starts in ~1 ms, so this measures the bridge",
    CONNECT_REPEATS,
    [],
    true,
  );
  await spawnFloor();
  console.log("");
  await connectCost(
    "shell-stdio-server.sh",
    "sh server that waits 250 ms before serving (I/O-bound start): informational, shows the connects overlap",
    3,
    ["0.25"],
  );
  console.log("");
  await connectCost(
    "tiny-stdio-server.mjs",
    "Node server: informational, bounded by Node start-up CPU x 8 / CPUs",
    3,
  );
  console.log("");
  await (await import("./host-overhead.mjs")).hostOverhead(agentDir);
  console.log("");
  await (await import("./startup-grace.mjs")).startupGrace(agentDir);
} finally {
  await rm(workDir, { recursive: true, force: true });
}
