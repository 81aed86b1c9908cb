// Sandbox bench: run after a build (`pnpm build`), from the repo root:
//   node bench/sandbox/run.mjs
// Times one command the way the Bash tool runs it, with and without the sandbox, in alternating blocks
// so both see the same machine noise: the unsandboxed baseline is `bash -c CMD` spawned in its own
// process group with the scrubbed env (what Bash did before the sandbox); the sandboxed path is
// prepareSandboxedCommand + startSandboxedProcess + release with the default policy, in a workspace
// with a .git folder and a .env file (so denyWrite pins them). Every figure is printed beside its
// baseline; the target is reported as "met" / "MISSED" and the exit code is 0 either way. Beside the wall
// times: the CPU each path costs per command (this process + its children), steadier than wall time on a
// loaded machine, and what a per-command watchdog shell (the design before the shared watchdog) adds to
// bwrap. `node bench/sandbox/run.mjs --variants` also times bwrap variants, taken or not (engine alone).
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

const sandboxNode = await import(new URL("../../packages/sandbox/dist/node/index.js", import.meta.url).href);
const { DEFAULT_SANDBOX_CONFIG: policy } = await import(
  new URL("../../packages/config/dist/index.js", import.meta.url).href
);

/** Measured runs per command and path (after warm-up), in alternating blocks of {@link BLOCK}. */
const RUNS = 120;
/** Runs per alternating block. */
const BLOCK = 20;
/** Warm-up runs per path (engine probe, page cache). */
const WARM_UP = 10;
/** The target: the sandbox adds under 15 ms p50 per command on this machine. */
const OVERHEAD_TARGET_MS = 15;

const COMMANDS = {
  true: "true",
  pipeline: "printf 'b\\na\\nc\\n' | sort | head -n 2 | wc -l",
};

/** Clock ticks per second of /proc/self/stat's child times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

const env = { PATH: "/usr/local/bin:/usr/bin:/bin", HOME: tmpdir(), LANG: "C.UTF-8", TERM: "dumb" };

function workspace(withEnvFile) {
  const dir = mkdtempSync(join(tmpdir(), "sandbox-bench-"));
  mkdirSync(join(dir, ".git", "hooks"), { recursive: true });
  writeFileSync(join(dir, ".git", "config"), "[core]\n");
  writeFileSync(join(dir, "README.md"), "# bench\n");
  if (withEnvFile) writeFileSync(join(dir, ".env"), "A=1\n");
  return dir;
}

function waitClose(child) {
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => (code === 0 ? resolve() : reject(new Error(`exit ${code}`))));
    child.stdout?.resume();
    child.stderr?.resume();
  });
}

async function unsandboxed(dir, command) {
  const started = performance.now();
  await waitClose(
    spawn("bash", ["-c", command], { cwd: dir, env, detached: true, stdio: ["ignore", "pipe", "pipe"] }),
  );
  return performance.now() - started;
}

/** bwrap spawned by a per-command watchdog shell, as before the shared watchdog (no mount check either). */
async function engineUnderWatchdogShell(spec) {
  const started = performance.now();
  await waitClose(
    sandboxNode.spawnProcessGroup(spec.command, spec.args, {
      env: spec.env,
      cwd: "/",
      stdio: ["ignore", "pipe", "pipe"],
    }),
  );
  return performance.now() - started;
}

/** The engine alone: bwrap with the same arguments, spawned directly (no preparation, watchdog or mount check). */
async function engineAlone(spec) {
  const started = performance.now();
  await waitClose(
    spawn(spec.command, spec.args, { env: spec.env, detached: true, stdio: ["ignore", "pipe", "pipe"] }),
  );
  return performance.now() - started;
}

async function sandboxed(dir, command, extra = {}) {
  const started = performance.now();
  const spec = await sandboxNode.prepareSandboxedCommand({
    policy,
    workspaceDir: dir,
    argv: ["bash", "-c", command],
    env,
    ...extra,
  });
  try {
    await waitClose(await sandboxNode.startSandboxedProcess(spec, { stdio: ["ignore", "pipe", "pipe"] }));
  } finally {
    await spec.release();
  }
  return performance.now() - started;
}

const p50 = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p90 = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)];

/** CPU time of this process and of its waited-for children so far, in ms. */
function cpuMs() {
  const own = process.cpuUsage();
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
  const children = ((Number(fields[13]) + Number(fields[14])) * 1000) / TICKS_PER_SECOND;
  return (own.user + own.system) / 1000 + children;
}

/** Times `paths` (name -> async run returning its wall ms) in alternating blocks; wall times and CPU per run. */
async function measure(paths) {
  const wall = Object.fromEntries(Object.keys(paths).map((name) => [name, []]));
  const cpu = Object.fromEntries(Object.keys(paths).map((name) => [name, 0]));
  for (let index = 0; index < WARM_UP; index++) for (const run of Object.values(paths)) await run();
  for (let done = 0; done < RUNS; done += BLOCK)
    for (const [name, run] of Object.entries(paths)) {
      const before = cpuMs();
      for (let index = 0; index < BLOCK; index++) wall[name].push(await run());
      cpu[name] += cpuMs() - before;
    }
  return Object.fromEntries(
    Object.keys(paths).map((name) => [
      name,
      { p50: p50(wall[name]), p90: p90(wall[name]), cpu: cpu[name] / RUNS },
    ]),
  );
}

const ms = (value) => `${value.toFixed(1).padStart(6)} ms`;

async function compare(label, dir, command, extra = {}) {
  const spec = await sandboxNode.prepareSandboxedCommand({
    policy,
    workspaceDir: dir,
    argv: ["bash", "-c", command],
    env,
  });
  const result = await measure({
    base: () => unsandboxed(dir, command),
    boxed: () => sandboxed(dir, command, extra),
    engine: () => engineAlone(spec),
    shell: () => engineUnderWatchdogShell(spec),
  });
  await spec.release();
  const { base, boxed, engine, shell } = result;
  const overhead = boxed.p50 - base.p50;
  console.log(
    `${label.padEnd(52)} unsandboxed p50 ${ms(base.p50)} (p90 ${base.p90.toFixed(1)})   sandboxed p50 ${ms(boxed.p50)} (p90 ${boxed.p90.toFixed(1)})   adds ${ms(overhead)} p50, of which bwrap alone ${ms(engine.p50 - base.p50)}   target < ${OVERHEAD_TARGET_MS} ms: ${overhead < OVERHEAD_TARGET_MS ? "met" : "MISSED"}`,
  );
  console.log(
    `${"".padEnd(52)} CPU per command: unsandboxed ${ms(base.cpu)}, sandboxed ${ms(boxed.cpu)} (bwrap alone ${ms(engine.cpu)}); a watchdog shell per command (before) would add ${ms(shell.p50 - engine.p50)} p50, ${ms(shell.cpu - engine.cpu)} CPU`,
  );
}

/** bwrap variants, engine alone (no preparation, no mount check): what each flag costs, taken or not. */
async function variants(dir) {
  const spec = await sandboxNode.prepareSandboxedCommand({
    policy,
    workspaceDir: dir,
    argv: ["bash", "-c", "true"],
    env,
  });
  const without = (flag, arity) =>
    spec.args.filter((_, index) => {
      for (let back = 0; back <= arity; back++) if (spec.args[index - back] === flag) return false;
      return true;
    });
  const cases = {
    "as taken": spec.args,
    "no user namespace (as on a setuid bwrap)": without("--unshare-user", 0).filter(
      (arg) => arg !== "--disable-userns",
    ),
    "bwrap's own init, not --as-pid-1 (not taken: it would not die with the host; its CPU is not counted)":
      without("--as-pid-1", 0),
    "--share-net (not allowed under network none)": ["--share-net", ...spec.args],
    "no --proc (not allowed: no /proc at all)": without("--proc", 1),
    "no /etc secrets hidden (not allowed)": spec.args.filter((_, index) =>
      [0, 1, 2].every(
        (back) => !(spec.args[index - back] === "--ro-bind" && spec.args[index - back + 1] === "/dev/null"),
      ),
    ),
  };
  const paths = Object.fromEntries(
    Object.entries(cases).map(([name, args]) => [name, () => engineAlone({ ...spec, args })]),
  );
  const result = await measure({ base: () => unsandboxed(dir, "true"), ...paths });
  await spec.release();
  console.log("bwrap variants, engine alone, `true` (adds over unsandboxed, p50 and CPU per command):");
  for (const name of Object.keys(cases))
    console.log(
      `  ${name.padEnd(100)} ${ms(result[name].p50 - result.base.p50)} p50 ${ms(result[name].cpu - result.base.cpu)} CPU   (${spec.args.length} args as taken)`,
    );
}

const engine = await sandboxNode.probeSandboxEngine({ searchPath: env.PATH });
if (!engine.available) {
  console.log(`sandbox bench skipped: ${engine.problem}`);
  process.exit(0);
}
console.log(
  `engine: ${engine.version} (${engine.path}); ${RUNS} runs per path, blocks of ${BLOCK}, after ${WARM_UP} warm-up runs; load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} CPUs`,
);
const withEnv = workspace(true);
const withoutEnv = workspace(false);
// What mono-agent's Bash tool hands over besides: its state folder hidden, config and instructions read-only
// (two of them missing, so each command holds a placeholder for them).
mkdirSync(join(withEnv, ".mono-agent"));
writeFileSync(join(withEnv, "mono-agent.config.json"), "{}\n");
const protectedPaths = {
  noAccess: [join(withEnv, ".mono-agent")],
  readOnly: ["mono-agent.config.json", "mcp.json", "AGENTS.md"].map((name) => join(withEnv, name)),
};
try {
  await compare("`true` (workspace with .env, .git)", withEnv, COMMANDS.true);
  await compare("small pipeline (workspace with .env, .git)", withEnv, COMMANDS.pipeline);
  await compare("`true` (no .env: a placeholder per command)", withoutEnv, COMMANDS.true);
  await compare("`true` (+ mono-agent's protected paths, 2 missing)", withEnv, COMMANDS.true, {
    protectedPaths,
  });
  if (process.argv.includes("--variants")) await variants(withEnv);
} finally {
  rmSync(withEnv, { recursive: true, force: true });
  rmSync(withoutEnv, { recursive: true, force: true });
}
