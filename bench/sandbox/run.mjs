// Sandbox bench: run after a build (`pnpm build`), from the repo root:
//   node bench/sandbox/run.mjs
// Times one command the way the Bash tool runs it, with and without the sandbox, in alternating blocks
// so both see the same machine noise: the unsandboxed baseline is `bash -c CMD` spawned in its own
// process group with the scrubbed env (what Bash did before the sandbox); the sandboxed path is
// prepareSandboxedCommand + startSandboxedProcess + release with the default policy, in a workspace
// with a .git folder and a .env file (so denyWrite pins them). Every figure is printed beside its
// baseline; the target is reported as "met" / "MISSED" and the exit code is 0 either way.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
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

/** The engine alone: bwrap with the same arguments, spawned directly (no preparation, watchdog or mount check). */
async function engineAlone(spec) {
  const started = performance.now();
  await waitClose(
    spawn(spec.command, spec.args, { env: spec.env, detached: true, stdio: ["ignore", "pipe", "pipe"] }),
  );
  return performance.now() - started;
}

async function sandboxed(dir, command) {
  const started = performance.now();
  const spec = await sandboxNode.prepareSandboxedCommand({
    policy,
    workspaceDir: dir,
    argv: ["bash", "-c", command],
    env,
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

async function compare(label, dir, command) {
  const base = [];
  const boxed = [];
  const engine = [];
  const spec = await sandboxNode.prepareSandboxedCommand({
    policy,
    workspaceDir: dir,
    argv: ["bash", "-c", command],
    env,
  });
  for (let index = 0; index < WARM_UP; index++) {
    await unsandboxed(dir, command);
    await sandboxed(dir, command);
    await engineAlone(spec);
  }
  for (let done = 0; done < RUNS; done += BLOCK) {
    for (let index = 0; index < BLOCK; index++) base.push(await unsandboxed(dir, command));
    for (let index = 0; index < BLOCK; index++) boxed.push(await sandboxed(dir, command));
    for (let index = 0; index < BLOCK; index++) engine.push(await engineAlone(spec));
  }
  await spec.release();
  const overhead = p50(boxed) - p50(base);
  const ms = (value) => `${value.toFixed(1).padStart(6)} ms`;
  console.log(
    `${label.padEnd(44)} unsandboxed p50 ${ms(p50(base))} (p90 ${p90(base).toFixed(1)})   sandboxed p50 ${ms(p50(boxed))} (p90 ${p90(boxed).toFixed(1)})   adds ${ms(overhead)} p50, of which bwrap alone ${ms(p50(engine) - p50(base))}   target < ${OVERHEAD_TARGET_MS} ms: ${overhead < OVERHEAD_TARGET_MS ? "met" : "MISSED"}`,
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
try {
  await compare("`true` (workspace with .env, .git)", withEnv, COMMANDS.true);
  await compare("small pipeline (workspace with .env, .git)", withEnv, COMMANDS.pipeline);
  await compare("`true` (no .env: a placeholder per command)", withoutEnv, COMMANDS.true);
} finally {
  rmSync(withEnv, { recursive: true, force: true });
  rmSync(withoutEnv, { recursive: true, force: true });
}
