import { writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { createServer, type Server, type Socket } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { makeAgentFolder, STDIO_FIXTURE } from "./agent-folder.js";
import { runCli } from "./run-cli.js";
import { runCliAsync } from "./run-cli-async.js";

/** Connect timeout of the silent server in these tests: short, so the test shows the bound holds. */
const SILENT_CONNECT_TIMEOUT_MS = 1_500;

interface ListedServer {
  name: string;
  status: string;
  transport: string;
  durationMs: number;
  error?: string;
  errorCode?: string;
  file: string;
  tools: { name: string; description: string }[];
}

let silent: Server;
const sockets: Socket[] = [];
let dir: string;

beforeAll(async () => {
  // Accepts TCP connections and never answers a byte: the worst kind of remote server.
  silent = createServer((socket) => void sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  const port = (silent.address() as AddressInfo).port;
  dir = makeAgentFolder({ runtime: { model: "demo:demo" }, tools: { mcpConfigPath: "./tools.mcp.json" } });
  writeFileSync(
    join(dir, "tools.mcp.json"),
    JSON.stringify({
      mcpServers: {
        good: { command: process.execPath, args: [STDIO_FIXTURE] },
        missing: { command: "mcp-server-that-does-not-exist" },
        silent: { url: `http://127.0.0.1:${port}/mcp`, connectTimeoutMs: SILENT_CONNECT_TIMEOUT_MS },
      },
    }),
  );
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

describe("mcp list", () => {
  test("--json reports a good, a missing-command and a silent HTTP server correctly, within the connect timeout", async () => {
    const result = await runCliAsync(["mcp", "list", "--json"], { cwd: dir });
    expect(result.exitCode).toBe(1);
    const lines = result.stdout.trim().split("\n");
    expect(lines).toHaveLength(1);
    const body = JSON.parse(lines[0]!) as { ok: boolean; servers: ListedServer[] };
    expect(body.ok).toBe(false);
    const byName = Object.fromEntries(body.servers.map((server) => [server.name, server]));
    expect(byName["good"]).toMatchObject({
      status: "connected",
      transport: "stdio",
      file: join(dir, "tools.mcp.json"),
    });
    expect(byName["good"]!.tools.map((tool) => tool.name)).toContain("mcp__good__echo");
    expect(byName["missing"]).toMatchObject({ status: "failed", errorCode: "spawn_failed", tools: [] });
    expect(byName["missing"]!.error).toContain("mcp-server-that-does-not-exist");
    expect(byName["silent"]).toMatchObject({ status: "failed", errorCode: "connect_timeout", tools: [] });
    expect(byName["silent"]!.error).toContain(`${SILENT_CONNECT_TIMEOUT_MS} ms`);
    expect(byName["silent"]!.durationMs).toBeGreaterThanOrEqual(SILENT_CONNECT_TIMEOUT_MS);
    for (const server of body.servers)
      expect(server.durationMs).toBeLessThan(SILENT_CONNECT_TIMEOUT_MS + 5_000);
  });

  test("text output and validate --connect say the same; plain validate names the missing command without starting anything", async () => {
    const text = await runCliAsync(["mcp", "list"], { cwd: dir });
    expect(text.stdout).toMatch(/^good: connected in \d+ ms \(stdio, \d+ tools\)/m);
    expect(text.stdout).toMatch(/^missing: failed in \d+ ms \(stdio\)/m);
    expect(text.stdout).toContain("connect_timeout:");
    expect(text.stdout).toContain("  mcp__good__echo");

    const connected = await runCliAsync(["validate", "--connect", "--json"], { cwd: dir });
    expect(connected.exitCode).toBe(1);
    const report = JSON.parse(connected.stdout) as {
      sections: { id: string; lines: { status: string; code?: string; message: string }[] }[];
    };
    const section = report.sections.find((entry) => entry.id === "mcp-connect")!;
    expect(section.lines.map((line) => [line.status, line.code ?? ""])).toEqual([
      ["ok", ""],
      ["error", "spawn_failed"],
      ["error", "connect_timeout"],
      ["ok", ""],
    ]);
    expect(section.lines[0]!.message).toContain("mcp__good__echo");
    expect(section.lines[0]!.message).toContain("(stdio, MCP 2025-11-25)");
    expect(section.lines[3]!.message).toContain("sampling declined");

    const plain = runCli(["validate", "--json"], { cwd: dir });
    const plainReport = JSON.parse(plain.stdout) as typeof report;
    expect(plainReport.sections.some((entry) => entry.id === "mcp-connect")).toBe(false);
    const tools = plainReport.sections.find((entry) => entry.id === "tools")!;
    const missing = tools.lines.filter((line) => line.code === "mcp_command_not_found");
    expect(missing).toHaveLength(1);
    expect(missing[0]!.message).toContain('"mcp-server-that-does-not-exist"');
    expect(plain.exitCode).toBe(1);
  });

  test("mcp get shows one server with its tools' descriptions and arguments; an unknown name is a usage error naming the declared ones", async () => {
    const one = await runCliAsync(["mcp", "get", "good"], { cwd: dir });
    expect(one.exitCode).toBe(0);
    expect(one.stdout).toContain("mcp__good__echo");
    expect(one.stdout).toContain("Returns its text.");
    expect(one.stdout).toContain("arguments: text");
    const unknown = runCli(["mcp", "get", "goood"], { cwd: dir });
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain(
      'no MCP server named "goood" (did you mean "good"?); declared: good, missing, silent',
    );
  });
});
