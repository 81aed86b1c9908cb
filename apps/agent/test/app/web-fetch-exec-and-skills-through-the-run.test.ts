import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { fauxAssistantMessage, fauxToolCall, type ToolResultMessage } from "@earendil-works/pi-ai";
import { createFauxModel, offeredSystemPrompt, offeredTools } from "@mono-agent/test-utils/faux";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Faux, realTempDir, startFauxApp } from "./file-attack-kit.js";

const ARTICLE = `<!doctype html><html><head><title>Tide tables</title></head><body><nav>NAV-CHROME</nav><article><h1>Tide tables</h1>${"<p>High tide today is at 14:05 and low tide at 20:17, according to the harbour office.</p>".repeat(6)}</article><footer>FOOTER-CHROME</footer></body></html>`;

let site: Server;
let origin: string;
let faux: Faux;

beforeAll(async () => {
  site = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://x");
    if (url.pathname === "/tides")
      return void response.writeHead(200, { "content-type": "text/html" }).end(ARTICLE);
    if (url.pathname === "/search")
      return void response.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          results: [{ title: "Harbour tides", url: `${origin}/tides`, content: "Today's tides" }],
        }),
      );
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
});
beforeEach(() => {
  faux = createFauxModel();
});

function agentFolder(tools: Record<string, unknown>): string {
  const agentDir = realTempDir("tools-run-");
  const skill = join(agentDir, "skills", "tide-report");
  mkdirSync(join(skill, "templates"), { recursive: true });
  writeFileSync(
    join(skill, "SKILL.md"),
    "---\nname: tide-report\ndescription: Report today's tides. Use when asked about tides.\n---\nFetch the tide page, then fill templates/report.md.\n",
  );
  writeFileSync(join(skill, "templates", "report.md"), "High: {high}\nLow: {low}\n");
  const config = {
    runtime: { model: "faux:test" },
    sandbox: { network: { mode: "allowlist", allowlist: ["127.0.0.1"] } },
    tools,
  };
  writeFileSync(join(agentDir, "mono-agent.config.json"), JSON.stringify(config));
  return agentDir;
}

function replProcesses(): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return readFileSync(`/proc/${entry}/cmdline`, "utf8").startsWith("node\0--input-type=module\0-e\0");
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe("a scripted-model run with the new built-in tools", () => {
  it("searches, fetches a page as Markdown, runs Exec and NodeRepl in the sandbox and reads a skill, leaving no process", async () => {
    const agentDir = agentFolder({ webSearch: { provider: "searxng", baseUrl: origin } });
    const app = await startFauxApp(faux, join(agentDir, "mono-agent.config.json"));
    let systemPrompt = "";
    let offered: string[] = [];
    const results = new Map<string, { isError: boolean; text: string }>();
    faux.setResponses([
      (context) => {
        systemPrompt = offeredSystemPrompt(context);
        offered = offeredTools(context).map((tool) => tool.name);
        return fauxAssistantMessage(
          [
            fauxToolCall("ReadSkill", { name: "tide-report" }, { id: "skill" }),
            fauxToolCall(
              "ReadSkill",
              { name: "tide-report", path: "templates/report.md" },
              { id: "template" },
            ),
            fauxToolCall("WebSearch", { query: "tides today" }, { id: "search" }),
            fauxToolCall("WebFetch", { url: `${origin}/tides` }, { id: "fetch" }),
            fauxToolCall("Exec", { argv: ["printf", "%s", "exec-ran"] }, { id: "exec" }),
            fauxToolCall("NodeRepl", { code: "const tide = '14:05'" }, { id: "repl-1" }),
            fauxToolCall("NodeRepl", { code: "'high at ' + tide" }, { id: "repl-2" }),
          ],
          { stopReason: "toolUse" },
        );
      },
      (context) => {
        for (const message of context.messages as ToolResultMessage[])
          if (message.role === "toolResult")
            results.set(message.toolCallId, {
              isError: message.isError,
              text: message.content.map((block) => (block.type === "text" ? block.text : "")).join("\n"),
            });
        return fauxAssistantMessage("High tide is at 14:05.");
      },
    ]);
    const result = await app.run({ input: "When is high tide?" });
    await app.close();
    expect(result.status).toBe("succeeded");
    expect(offered).toEqual(
      expect.arrayContaining(["Exec", "NodeRepl", "WebFetch", "WebSearch", "ReadSkill"]),
    );
    expect(systemPrompt).toContain("## Skills");
    expect(systemPrompt).toContain("- tide-report: Report today's tides. Use when asked about tides.");
    expect(results.get("skill")?.text).toContain("Fetch the tide page, then fill templates/report.md.");
    expect(results.get("template")?.text).toContain("High: {high}");
    expect(results.get("search")?.text).toContain(`1. Harbour tides\n   ${origin}/tides`);
    const page = results.get("fetch")?.text ?? "";
    expect(page).toContain("Untrusted web content");
    expect(page).toContain("High tide today is at 14:05");
    expect(page).not.toContain("NAV-CHROME");
    expect(results.get("exec")).toEqual({ isError: false, text: "exec-ran" });
    expect(results.get("repl-2")?.text).toBe("'high at 14:05'");
    expect([...results.values()].filter((outcome) => outcome.isError)).toEqual([]);
    expect(replProcesses()).toEqual([]);
  });

  it("offers no WebSearch without a provider and no ReadSkill when disallowed (nor lists the skills)", async () => {
    const agentDir = agentFolder({ disallowedTools: ["ReadSkill"] });
    const app = await startFauxApp(faux, join(agentDir, "mono-agent.config.json"));
    let systemPrompt = "";
    let offered: string[] = [];
    faux.setResponses([
      (context) => {
        systemPrompt = offeredSystemPrompt(context);
        offered = offeredTools(context).map((tool) => tool.name);
        return fauxAssistantMessage("ok");
      },
    ]);
    await app.run({ input: "hi" });
    await app.close();
    expect(offered).toEqual(expect.arrayContaining(["WebFetch", "Exec", "NodeRepl"]));
    expect(offered).not.toContain("WebSearch");
    expect(offered).not.toContain("ReadSkill");
    expect(systemPrompt).not.toContain("tide-report");
  });
});
