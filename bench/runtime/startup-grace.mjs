// Startup bench: 25 stdio servers, one of which takes 10 s to start. Time from app.run() to the first
// model request with the startup grace (tools.mcpStartupGraceMs, default 2000) and without it (the grace
// set past the slow server, as if the run waited for every server), beside the time the slowest server
// takes. Target: with the grace, the first request within grace + 200 ms.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { createBenchFaux, loadPiAi } from "../faux-model.mjs";

/** Servers per run (the figure) and the start-up delay of the slow one, in ms. */
const SERVERS = 25;
const SLOW_START_MS = 10_000;
/** The grace under test: the config default. */
const GRACE_MS = 2_000;
/** Allowed time past the grace before the first request (the target). */
const GRACE_SLACK_MS = 200;

export async function startupGrace(agentDir) {
  const { startMonoAgentApp } = await import(join(agentDir, "dist", "app", "start-mono-agent-app.js"));
  const { fauxAssistantMessage, getCurrentTools } = await loadPiAi(agentDir);
  const live = join(agentDir, "test", "fixtures", "mcp", "live-server.mjs");
  const servers = {};
  for (let index = 0; index < SERVERS - 1; index += 1)
    servers[`fast${index}`] = { command: process.execPath, args: [live] };
  servers.slow = { command: process.execPath, args: [live, "--delay-ms", String(SLOW_START_MS)] };

  const measure = async (graceMs) => {
    const folder = await mkdtemp(join(tmpdir(), "mono-agent-grace-"));
    const { faux, entry } = await createBenchFaux(agentDir, undefined, "faux");
    try {
      const app = await startMonoAgentApp({
        config: {
          runtime: { model: "faux:bench" },
          tools: { allowedTools: [], mcpStartupGraceMs: graceMs, mcpServers: servers },
        },
        cwd: folder,
        env: { PATH: process.env.PATH ?? "" },
        customModels: {
          "faux:bench": entry,
        },
        recordRuns: false,
      });
      let firstRequestAt = 0;
      let offered = 0;
      faux.setResponses([
        (context) => {
          firstRequestAt = performance.now();
          offered = getCurrentTools(context.messages).length;
          return fauxAssistantMessage("done");
        },
      ]);
      let slowAfterMs;
      const started = performance.now();
      await app.run({
        input: "go",
        onEvent: (event) => {
          if (event.type === "mcp_server_status" && event.serverName === "slow")
            slowAfterMs = performance.now() - started;
        },
      });
      const firstRequestMs = firstRequestAt - started;
      await app.close();
      return { firstRequestMs, offered, slowAfterMs };
    } finally {
      // A stdio server still being stopped may write its last stderr lines into the folder meanwhile.
      await rm(folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    }
  };

  console.log(`startup: ${SERVERS} stdio servers, one starting in ${SLOW_START_MS / 1000} s`);
  const withGrace = await measure(GRACE_MS);
  const withoutGrace = await measure(SLOW_START_MS * 3);
  const target = GRACE_MS + GRACE_SLACK_MS;
  console.log(
    `  first model request, grace ${GRACE_MS} ms:    ${withGrace.firstRequestMs.toFixed(0)} ms (${withGrace.offered} tools offered; target <= ${target} ms: ${withGrace.firstRequestMs <= target ? "met" : "MISSED"})`,
  );
  console.log(
    `  first model request, waiting for all:   ${withoutGrace.firstRequestMs.toFixed(0)} ms (${withoutGrace.offered} tools offered; baseline)`,
  );
  console.log(
    `  the slowest server's start (configured): ${SLOW_START_MS} ms; it connected ${withoutGrace.firstRequestMs.toFixed(0)} ms after the run started`,
  );
  await writeFile(
    join(tmpdir(), "mono-agent-startup-grace.json"),
    JSON.stringify({ withGrace, withoutGrace }),
  );
}
