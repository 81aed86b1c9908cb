import { join } from "node:path";
import { createFileMcpAuthStore } from "@mono-agent/mcp-bridge/node";
import { describe, expect, test } from "vitest";
import { makeAgentFolder } from "./agent-folder.js";
import { runCli } from "./run-cli.js";

interface ToolsLine {
  status: string;
  message: string;
  code?: string;
  suggestion?: string;
}

function toolsLines(dir: string): ToolsLine[] {
  const result = runCli(["validate", "--json"], { cwd: dir, env: { BOT_SECRET: "s3cret-value" } });
  const report = JSON.parse(result.stdout) as { sections: { id: string; lines: ToolsLine[] }[] };
  return report.sections.find((s) => s.id === "tools")!.lines;
}

const config = {
  runtime: { model: "demo:demo" },
  tools: {
    mcpServers: {
      linear: { url: "http://127.0.0.1:9/mcp", oauth: { scope: "read" } },
      unattended: {
        url: "http://127.0.0.1:9/bot",
        oauth: { grant: "client_credentials", clientId: "svc-bot", clientSecret: { $env: "BOT_SECRET" } },
      },
      plain: { url: "http://127.0.0.1:9/plain" },
      static: { url: "http://127.0.0.1:9/static", oauth: false },
    },
  },
};

describe("validate: the OAuth login state of remote servers", () => {
  test("a server with an oauth block and no login is a warning naming `mcp login`; client credentials are ok", () => {
    const lines = toolsLines(makeAgentFolder(config));
    const linear = lines.find((line) => line.message.startsWith("MCP server linear: OAuth"));
    expect(linear).toMatchObject({ status: "warning", code: "mcp_login_required" });
    expect(linear?.suggestion).toContain("mono-agent mcp login linear");
    expect(lines.find((line) => line.message.startsWith("MCP server unattended: OAuth"))).toMatchObject({
      status: "ok",
      message: "MCP server unattended: OAuth client credentials",
    });
    expect(lines.some((line) => /MCP server (plain|static): OAuth/.test(line.message))).toBe(false);
    expect(JSON.stringify(lines)).not.toContain("s3cret-value");
  });

  test("a kept login shows as logged in with its scopes; its tokens never appear", () => {
    const dir = makeAgentFolder(config);
    createFileMcpAuthStore(join(dir, ".mono-agent", "mcp-auth.json")).write({
      serverName: "linear",
      resource: "http://127.0.0.1:9/mcp",
      tokens: {
        access_token: "at-secret-123",
        token_type: "Bearer",
        scope: "read",
        refresh_token: "rt-secret-456",
      },
      tokensSavedAt: Date.now(),
    });
    const lines = toolsLines(dir);
    expect(lines.find((line) => line.message.startsWith("MCP server linear: OAuth"))).toMatchObject({
      status: "ok",
      message: "MCP server linear: OAuth logged in; scopes read",
    });
    const text = JSON.stringify(lines);
    expect(text).not.toContain("at-secret-123");
    expect(text).not.toContain("rt-secret-456");
  });
});
