import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  renameSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { fauxAssistantMessage } from "@earendil-works/pi-ai";
import { afterEach, describe, expect, test } from "vitest";
import { startMonoAgentApp } from "../../src/app/start-mono-agent-app.js";
import {
  contextServer,
  fauxModel,
  makeAgentDir,
  readReport,
  stepAfter,
} from "../fixtures/mcp-env/context-kit.js";

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function startApp(dir: string, report: string) {
  const { faux, customModels } = fauxModel();
  const app = await startMonoAgentApp({
    config: {
      runtime: { model: "faux:faux-1" },
      tools: {
        mcpRequestContextServers: ["ctx"],
        mcpServers: { ctx: contextServer([`--report=${report}`]) },
      },
    },
    cwd: dir,
    env: { PATH: process.env.PATH },
    customModels,
  });
  cleanups.push(() => app.close());
  return { app, faux };
}

describe("the run output directory", () => {
  test("a directory swapped in at its path mid-run survives the cleanup", async () => {
    const dir = makeAgentDir();
    const report = join(dir, "env.json");
    const { app, faux } = await startApp(dir, report);
    let outputDir = "";
    faux.setResponses([
      stepAfter(() => {
        outputDir = readReport(report).MONO_AGENT_MCP_RUN_OUTPUT_DIR ?? "";
        renameSync(outputDir, `${outputDir}-moved`);
        mkdirSync(outputDir);
        writeFileSync(join(outputDir, "keep.txt"), "not the host's");
      }, fauxAssistantMessage("done")),
    ]);
    const result = await app.run({ input: "hi" });
    expect(result.status).toBe("succeeded");
    expect(readFileSync(join(outputDir, "keep.txt"), "utf8")).toBe("not the host's");
  });

  test("a symlink in the way refuses the run with unsafe_run_output before the model is called", async () => {
    const dir = makeAgentDir();
    const target = join(dir, "elsewhere");
    mkdirSync(target);
    writeFileSync(join(target, "precious.txt"), "keep me");
    mkdirSync(join(dir, ".mono-agent", "artifacts"), { recursive: true });
    symlinkSync(target, join(dir, ".mono-agent", "artifacts", "outbound"));
    const { app, faux } = await startApp(dir, join(dir, "env.json"));
    faux.setResponses([fauxAssistantMessage("never")]);
    const result = await app.run({ input: "hi" });
    expect(result.status).toBe("failed");
    expect(result.error?.kind).toBe("unsafe_run_output");
    expect(faux.state.callCount).toBe(0);
    expect(existsSync(join(dir, "env.json"))).toBe(false);
    expect(lstatSync(join(dir, ".mono-agent", "artifacts", "outbound")).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(target, "precious.txt"), "utf8")).toBe("keep me");
  });
});
