import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The stdio fixture server of the bridge tests (echo, sleep, silent, crash, env-report ...). */
export const STDIO_FIXTURE = fileURLToPath(new URL("../fixtures/mcp/stdio-server.mjs", import.meta.url));

/** A fresh agent folder in a temp dir with the given config and a README for the demo model to read. */
export function makeAgentFolder(config: Record<string, unknown>, files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), "mono-agent-cli-"));
  writeFileSync(join(dir, "mono-agent.config.json"), JSON.stringify(config, null, 2));
  writeFileSync(join(dir, "README.md"), "# Test agent folder\n\nThe answer is forty-two.\n");
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

/** Config with the stdio fixture declared inline as server `fixture`. */
export function fixtureServerConfig(extraTools: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    runtime: { model: "demo:demo" },
    tools: { mcpServers: { fixture: { command: process.execPath, args: [STDIO_FIXTURE] } }, ...extraTools },
  };
}
