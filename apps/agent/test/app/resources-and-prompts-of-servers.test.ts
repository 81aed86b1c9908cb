import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import { createFauxModel, type FauxModel, offeredTools } from "@mono-agent/test-utils/faux";
import { beforeEach, describe, expect, test } from "vitest";
import { startMonoAgentApp } from "../../src/app/start-mono-agent-app.js";

const require = createRequire(import.meta.url);
const EVERYTHING = join(
  dirname(require.resolve("@modelcontextprotocol/server-everything/package.json")),
  "dist",
  "index.js",
);
const CLI = fileURLToPath(new URL("../../bin/mono-agent.js", import.meta.url));
const servers = { everything: { command: process.execPath, args: [EVERYTHING, "stdio"] } };

type Faux = FauxModel;
let faux: Faux;
beforeEach(() => {
  faux = createFauxModel();
});

const appWith = (tools: Record<string, unknown>) =>
  startMonoAgentApp({
    config: { runtime: { model: "faux:test" }, tools: { mcpServers: servers, ...tools } },
    cwd: mkdtempSync(join(tmpdir(), "resources-")),
    env: { PATH: process.env.PATH ?? "" },
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
  });

const lastToolText = (messages: { role: string; content?: unknown }[]) => {
  const last = messages.at(-1);
  return last?.role === "toolResult" ? JSON.stringify(last.content) : "";
};

describe("resources and prompts of MCP servers", () => {
  test("a scripted model lists and reads server-everything's resources through McpResources", async () => {
    const app = await appWith({});
    const seen: string[] = [];
    faux.setResponses([
      fauxAssistantMessage([fauxToolCall("McpResources", { action: "list", server: "everything" })], {
        stopReason: "toolUse",
      }),
      (context) => {
        seen.push(lastToolText(context.messages));
        const uri = /demo:\/\/resource\/static\/document\/[^\s"\\]+/.exec(seen[0] ?? "")?.[0] ?? "missing";
        return fauxAssistantMessage(
          [fauxToolCall("McpResources", { action: "read", server: "everything", uri })],
          {
            stopReason: "toolUse",
          },
        );
      },
      (context) => {
        seen.push(lastToolText(context.messages));
        return fauxAssistantMessage("read");
      },
    ]);
    const result = await app.run({ input: "what resources are there?" });
    await app.close();
    expect(result.status).toBe("succeeded");
    expect(seen[0]).toContain("Untrusted content from an MCP server");
    expect(seen[0]).toContain("everything resources:");
    expect(seen[1]).toMatch(/\[everything demo:\/\/resource\/static\/document\//);
    expect(result.toolCalls.map((call) => call.isError)).toEqual([false, false]);
  });

  test("McpResources is policy-gated like other app-owned tools", async () => {
    const app = await appWith({ disallowedTools: ["McpResources"] });
    let offered: string[] = [];
    faux.setResponses([
      (context) => {
        offered = offeredTools(context).map((tool) => tool.name);
        return fauxAssistantMessage("ok");
      },
    ]);
    await app.run({ input: "hi" });
    await app.close();
    expect(offered).not.toContain("McpResources");
    expect(offered).toContain("mcp__everything__echo");
  });

  test("a run started with a server's prompt gives the model the prompt's text", async () => {
    const app = await appWith({});
    let userText = "";
    faux.setResponses([
      (context) => {
        const user = context.messages.findLast((message) => message.role === "user");
        userText = JSON.stringify(user?.content);
        return fauxAssistantMessage("ok");
      },
    ]);
    await app.run({ input: "and be brief", mcpPrompt: { server: "everything", name: "simple-prompt" } });
    await app.close();
    expect(userText).toContain("This is a simple prompt without arguments.");
    expect(userText).toContain("and be brief");
  });

  test("mono-agent run --prompt everything:simple-prompt runs, and a bad reference is a usage error", () => {
    const dir = mkdtempSync(join(tmpdir(), "prompt-cli-"));
    writeFileSync(
      join(dir, "mono-agent.config.json"),
      JSON.stringify({ runtime: { model: "demo:demo" }, tools: { allowedTools: [], mcpServers: servers } }),
    );
    const run = spawnSync(process.execPath, [CLI, "run", "--prompt", "everything:simple-prompt", "--json"], {
      cwd: dir,
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "" },
    });
    expect(run.status).toBe(0);
    const finished = run.stdout
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line))
      .at(-1);
    expect(finished).toMatchObject({ type: "run_finished", status: "succeeded" });
    const bad = spawnSync(process.execPath, [CLI, "run", "--prompt", "no-colon"], {
      cwd: dir,
      encoding: "utf8",
    });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("--prompt takes SERVER:NAME");
  });
});
