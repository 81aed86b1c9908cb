import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/**
 * The JSON Schemas of the two files, copied into the agent folder so an editor checks and completes
 * them offline, wherever the folder moves (`$schema` is a path relative to each file).
 */
export const SCHEMA_FOLDER = "schemas";
const SCHEMA_FILES = ["mono-agent.config.schema.json", "mcp.schema.json"] as const;

/** The schema files as @mono-agent/config ships them, by path inside the agent folder. */
export function schemaFiles(): Record<string, string> {
  const require = createRequire(import.meta.url);
  return Object.fromEntries(
    SCHEMA_FILES.map((name) => [
      `${SCHEMA_FOLDER}/${name}`,
      readFileSync(require.resolve(`@mono-agent/config/schema/${name}`), "utf8"),
    ]),
  );
}

/**
 * What `mono-agent init` writes: the files of a new agent folder by relative path (the config on the demo
 * model, a portable mcp.json with the example server, AGENTS.md, README.md, .gitignore and the schemas).
 */
export function scaffoldFiles(): Record<string, string> {
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  return {
    "mono-agent.config.json": json({
      $schema: `./${SCHEMA_FOLDER}/mono-agent.config.schema.json`,
      runtime: { workspace: ".", model: "demo:demo", instructions: "AGENTS.md" },
      tools: { mcpConfigPath: "./mcp.json" },
    }),
    "mcp.json": json({
      $schema: `./${SCHEMA_FOLDER}/mcp.schema.json`,
      mcpServers: {
        // The CLI on PATH serves the example tools: no path of this machine in the file.
        "example-tools": { command: "mono-agent", args: ["mcp-example"] },
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
    ...schemaFiles(),
  };
}
