// A cold run (`prelaunchStdioServers`) starts its sandbox engine probe right after the config is read,
// before the stores and the model stack load; the run then uses that answer (the engine is probed once).
// A config whose run would not probe (no confined tool offered) probes nothing early either.
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fauxAssistantMessage } from "@earendil-works/pi-ai";
import { createFauxModel, type FauxModel } from "@mono-agent/test-utils/faux";
import { beforeEach, describe, expect, test } from "vitest";
import { startMonoAgentApp } from "../../src/app/start-mono-agent-app.js";

type Faux = FauxModel;
let faux: Faux;
beforeEach(() => {
  faux = createFauxModel();
});

/** A folder holding a fake bwrap that logs each call and answers like a working engine. */
function fakeEngine(): { dir: string; calls: () => string[] } {
  const dir = mkdtempSync(join(tmpdir(), "early-probe-"));
  const log = join(dir, "calls");
  const bwrap = join(dir, "bwrap");
  writeFileSync(
    bwrap,
    `#!/bin/sh\necho "$1" >> "${log}"\n[ "$1" = "--version" ] && echo "bubblewrap 9.9.9"\nexit 0\n`,
  );
  chmodSync(bwrap, 0o755);
  return {
    dir,
    calls: () => (existsSync(log) ? readFileSync(log, "utf8").split("\n").filter(Boolean) : []),
  };
}

function startApp(engineDir: string, allowedTools: string[] | undefined) {
  return startMonoAgentApp({
    config: {
      runtime: { model: "faux:test" },
      tools: { ...(allowedTools ? { allowedTools } : {}), mcpServers: {} },
    },
    cwd: mkdtempSync(join(tmpdir(), "early-probe-agent-")),
    env: { PATH: `${engineDir}:${process.env.PATH ?? ""}` },
    customModels: {
      "faux:test": {
        model: faux.getModel(),
        streamFn: faux.streamFn,
        getApiKey: () => "x",
        label: "faux:test",
        isDemo: false,
      },
    },
    recordRuns: false,
    prelaunchStdioServers: true,
  });
}

async function waitFor(check: () => boolean, what: string): Promise<void> {
  for (let waited = 0; waited < 10_000; waited += 20) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("a cold run probes the sandbox engine early", () => {
  test("the probe runs at the app's start, and the run reuses it", async () => {
    const engine = fakeEngine();
    const app = await startApp(engine.dir, ["Bash"]);
    await waitFor(() => engine.calls().length === 2, "the early probe");
    expect(engine.calls()).toContain("--version");
    faux.setResponses([fauxAssistantMessage("done")]);
    const result = await app.run({ input: "hi" });
    await app.close();
    expect(result.status).toBe("succeeded");
    expect(result.warnings.filter((warning) => warning.kind.startsWith("sandbox_"))).toEqual([]);
    expect(engine.calls()).toHaveLength(2);
  });

  test("no confined tool offered: nothing is probed", async () => {
    const engine = fakeEngine();
    const app = await startApp(engine.dir, []);
    faux.setResponses([fauxAssistantMessage("done")]);
    await app.run({ input: "hi" });
    await app.close();
    expect(engine.calls()).toEqual([]);
  });
});
