import { existsSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { fauxAssistantMessage } from "@earendil-works/pi-ai";
import { afterEach, describe, expect, test } from "vitest";
import { startMonoAgentApp } from "../../src/app/start-mono-agent-app.js";
// @ts-expect-error plain .mjs fixture without types
import { startHttpFixture } from "../fixtures/mcp/http-server.mjs";
import {
  contextServer,
  fauxModel,
  makeAgentDir,
  readReport,
  stepAfter,
} from "../fixtures/mcp-env/context-kit.js";

const TRUSTED_KEYS = [
  "MONO_AGENT_MCP_PRODUCING_CONVERSATION_ID",
  "MONO_AGENT_MCP_PRODUCING_RUN_ID",
  "MONO_AGENT_MCP_RUN_OUTPUT_DIR",
  "MONO_AGENT_MCP_ATTACHMENTS_ROOT",
  "MONO_AGENT_MCP_ALLOWED_ATTACHMENT_PATHS",
  "MONO_AGENT_MCP_ALLOWED_ATTACHMENT_IDENTITIES",
  "MONO_AGENT_INTERACTION_PROGRESS_URL",
  "MONO_AGENT_INTERACTION_PROGRESS_TOKEN",
];

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe("the request-context overlay in a real run", () => {
  test("the opted stdio server gets the eight keys, spoofs lose, the bridge master is blank; others get none", async () => {
    const dir = makeAgentDir();
    const http = await startHttpFixture();
    const { faux, customModels } = fauxModel();
    cleanups.push(() => http.close());
    const opted = join(dir, "opted.json");
    const plain = join(dir, "plain.json");
    let outputDirDuringRun = false;
    const config = {
      runtime: { model: "faux:faux-1" },
      // Every server is waited for: the test reads what each of them received during the run.
      tools: {
        mcpStartupGraceMs: 60_000,
        mcpRequestContextServers: ["ctx", "web"],
        mcpServers: {
          ctx: contextServer([`--report=${opted}`, "--touch-output"], {
            MONO_AGENT_MCP_PRODUCING_RUN_ID: "spoofed-run",
            MONO_AGENT_MCP_ALLOWED_ATTACHMENT_PATHS: '["/etc/passwd"]',
            MONO_AGENT_INTERACTION_BRIDGE_URL: "http://127.0.0.1:1/spoof",
            MONO_AGENT_INTERACTION_BRIDGE_TOKEN: "master-spoof",
            LOG_LEVEL: "info",
          }),
          plain: contextServer([`--report=${plain}`]),
          web: { url: http.url, type: "http" },
        },
      },
    };
    const app = await startMonoAgentApp({ config, cwd: dir, env: { PATH: process.env.PATH }, customModels });
    cleanups.push(() => app.close());
    const before = structuredClone(app.loaded);
    faux.setResponses([
      stepAfter(() => {
        outputDirDuringRun = existsSync(
          join(readReport(opted).MONO_AGENT_MCP_RUN_OUTPUT_DIR ?? "", "started.txt"),
        );
      }, fauxAssistantMessage("done")),
    ]);
    const result = await app.run({ input: "hello", conversationId: "telegram:42#2026-07-12" });
    expect(result.status).toBe("succeeded");
    const external = result.mcpServersUsed.filter((name) => !name.startsWith("mono-agent-"));
    expect(external.sort()).toEqual(["ctx", "plain", "web"]);
    expect(app.loaded).toEqual(before);

    const env = readReport(opted);
    const outputDir = join(dir, ".mono-agent", "artifacts", "outbound", result.runId);
    expect(env.MONO_AGENT_MCP_PRODUCING_CONVERSATION_ID).toBe("telegram:42#2026-07-12");
    expect(env.MONO_AGENT_MCP_PRODUCING_RUN_ID).toBe(result.runId);
    expect(env.MONO_AGENT_MCP_RUN_OUTPUT_DIR).toBe(outputDir);
    expect(env.MONO_AGENT_MCP_ATTACHMENTS_ROOT).toBe(
      realpathSync(join(dir, ".mono-agent", "artifacts", "attachments")),
    );
    expect(env.MONO_AGENT_MCP_ALLOWED_ATTACHMENT_PATHS).toBe("[]");
    expect(env.MONO_AGENT_MCP_ALLOWED_ATTACHMENT_IDENTITIES).toBe("[]");
    expect(env.MONO_AGENT_INTERACTION_PROGRESS_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/progress$/);
    expect(env.MONO_AGENT_INTERACTION_PROGRESS_TOKEN).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(env.MONO_AGENT_INTERACTION_BRIDGE_URL).toBe("");
    expect(env.MONO_AGENT_INTERACTION_BRIDGE_TOKEN).toBe("");
    expect(env.LOG_LEVEL).toBe("info");

    expect(outputDirDuringRun).toBe(true);
    expect(existsSync(outputDir)).toBe(false);

    const plainEnv = readReport(plain);
    for (const key of [...TRUSTED_KEYS, "MONO_AGENT_INTERACTION_BRIDGE_URL"])
      expect(plainEnv).not.toHaveProperty(key);
    const seen = JSON.stringify(http.seenHeaders).toLowerCase();
    expect(seen).not.toContain("mono_agent");
    expect(seen).not.toContain("x-mono-agent");
    expect(seen).not.toContain(env.MONO_AGENT_INTERACTION_PROGRESS_TOKEN?.toLowerCase());
  });

  test("without a request-context server nothing is created and attachments are reported unused", async () => {
    const dir = makeAgentDir();
    const { faux, customModels } = fauxModel();
    const app = await startMonoAgentApp({
      config: { runtime: { model: "faux:faux-1" }, tools: { mcpServers: { plain: contextServer([]) } } },
      cwd: dir,
      env: { PATH: process.env.PATH },
      customModels,
    });
    cleanups.push(() => app.close());
    faux.setResponses([fauxAssistantMessage("done")]);
    const result = await app.run({
      input: "hi",
      attachments: [{ name: "a.txt", data: new Uint8Array([65]) }],
    });
    expect(result.status).toBe("succeeded");
    expect(result.warnings.map((warning) => warning.kind)).toContain("attachments_unused");
    expect(existsSync(join(dir, ".mono-agent", "artifacts", "outbound"))).toBe(false);
    expect(existsSync(join(dir, ".mono-agent", "artifacts", "attachments"))).toBe(false);
  });
});
