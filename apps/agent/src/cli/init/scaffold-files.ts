import { fileURLToPath } from "node:url";

/** Where editors fetch the config schemas for a folder made by `init` (the schema ships in @mono-agent/config). */
const CONFIG_SCHEMA_URL = "https://unpkg.com/@mono-agent/config/schema/mono-agent.config.schema.json";
const MCP_SCHEMA_URL = "https://unpkg.com/@mono-agent/config/schema/mcp.schema.json";

/** The files of a new agent folder, by relative path. */
export function scaffoldFiles(): Record<string, string> {
  const bin = fileURLToPath(new URL("../../../bin/mono-agent.js", import.meta.url));
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  return {
    "mono-agent.config.json": json({
      $schema: CONFIG_SCHEMA_URL,
      runtime: { workspace: ".", model: "demo:demo", instructions: "AGENTS.md" },
      tools: { mcpConfigPath: "./mcp.json" },
    }),
    "mcp.json": json({
      $schema: MCP_SCHEMA_URL,
      mcpServers: {
        "example-tools": { command: process.execPath, args: [bin, "mcp-example"] },
      },
    }),
    "AGENTS.md": [
      "# Instructions",
      "",
      "You are a helpful assistant working in this folder. Use the tools you are given, say which tool an",
      "answer came from, and say so plainly when a tool fails.",
      "",
    ].join("\n"),
    "README.md": [
      "# My agent",
      "",
      "This folder was made by `mono-agent init`. Edit `mono-agent.config.json` to choose a model",
      '(`"runtime": { "model": "openai:gpt-4o-mini" }` with OPENAI_API_KEY set, or a local OpenAI-compatible',
      "server under `models.providers`), and `mcp.json` to attach MCP servers.",
      "",
    ].join("\n"),
    ".gitignore": ".mono-agent/\n.env\n",
  };
}
