// Host overhead of one run: `startMonoAgentApp().run()` with pi-ai's faux model and no MCP servers,
// beside the same faux model driven by a bare pi-agent-core Agent (the baseline), in the same process.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { createBenchFaux } from "../faux-model.mjs";

/** Runs measured per path; the median is reported. */
const RUNS = 60;
/** Warm-up runs per path (module loading, JIT, SQLite page cache). */
const WARM_UP_RUNS = 5;

export async function hostOverhead(agentDir) {
  const { Agent } = await import(join(agentDir, "node_modules/@earendil-works/pi-agent-core/dist/index.js"));
  const { startMonoAgentApp } = await import(join(agentDir, "dist/index.js"));
  const { ai, faux, entry } = await createBenchFaux(agentDir, { tokenSize: { min: 1000, max: 1000 } });
  const reply = () => ai.fauxAssistantMessage("done");
  const folder = await mkdtemp(join(tmpdir(), "bench-host-"));
  const app = await startMonoAgentApp({
    config: { runtime: { model: "faux:bench" }, tools: { allowedTools: [] } },
    cwd: folder,
    env: {},
    customModels: { "faux:bench": entry },
  });
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  async function measure(runOnce) {
    for (let index = 0; index < WARM_UP_RUNS; index += 1) await runOnce(index);
    const times = [];
    for (let index = 0; index < RUNS; index += 1) {
      const started = performance.now();
      await runOnce(index);
      times.push(performance.now() - started);
    }
    return median(times);
  }
  try {
    const bare = await measure(async () => {
      faux.setResponses([reply]);
      const agent = new Agent({
        initialState: { systemPrompt: "bench", model: entry.model, tools: [] },
        streamFn: entry.streamFn,
        getApiKey: () => "bench",
      });
      await agent.prompt("hello");
    });
    const hosted = await measure(async (index) => {
      faux.setResponses([reply]);
      const result = await app.run({ input: "hello", conversationId: `bench:${index}` });
      if (result.status !== "succeeded")
        throw new Error(`bench run ${result.status}: ${result.error?.message}`);
    });
    console.log(
      `host overhead of one run with the faux model, no servers: ${(hosted - bare).toFixed(2)} ms (run via startMonoAgentApp p50 ${hosted.toFixed(2)} ms; baseline bare pi Agent p50 ${bare.toFixed(2)} ms; ${RUNS} runs each)`,
    );
  } finally {
    await app.close();
    await rm(folder, { recursive: true, force: true });
  }
}
