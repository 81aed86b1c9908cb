import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { diagnoseMonoAgentConfig, loadMonoAgentConfig } from "../src/index.js";
import { findDuplicateJsonKeys } from "../src/find-duplicate-json-keys.js";
import { makeAgentFolder } from "./support/agent-folder.js";

describe("keys that appear twice in one object", () => {
  it("are found with their path and line, also in arrays and after strings holding quotes and braces", () => {
    const text = [
      "{",
      '  "a": "x \\" } { [ ,",',
      '  "list": [{ "k": 1, "k": 2 }, { "k": 3 }],',
      '  "nested": { "a": 1 },',
      '  "a": "again"',
      "}",
    ].join("\n");
    expect(JSON.parse(text)).toBeDefined();
    expect(findDuplicateJsonKeys(text)).toEqual([
      { path: ["list", 0, "k"], line: 3 },
      { path: ["a"], line: 5 },
    ]);
    expect(findDuplicateJsonKeys('{"a":{"b":1},"c":{"b":2}}')).toEqual([]);
  });

  it("are a duplicate_key warning naming the file, the path and the line; the config still loads", async () => {
    const agentDir = await makeAgentFolder({
      "mono-agent.config.json":
        '{\n  "tools": {\n    "allowedTools": ["Read"],\n    "allowedTools": []\n  }\n}',
    });
    const diagnosis = await diagnoseMonoAgentConfig({ cwd: agentDir, env: {} });
    const configFile = join(agentDir, "mono-agent.config.json");
    expect(diagnosis.issues).toContainEqual(
      expect.objectContaining({
        severity: "warning",
        code: "duplicate_key",
        file: configFile,
        jsonPath: "tools.allowedTools",
        message: `${configFile} at tools.allowedTools (line 4): the key "allowedTools" appears again in the same object, and only this last value is used; accepted: each key once, so remove or merge the other.`,
      }),
    );
    const loaded = await loadMonoAgentConfig({ cwd: agentDir, env: {} });
    expect(loaded.config.tools.allowedTools).toEqual([]);
  });

  it("in mcp.json are a warning too", async () => {
    const agentDir = await makeAgentFolder({
      "mono-agent.config.json": { tools: { mcpConfigPath: "./mcp.json" } },
      "mcp.json": '{ "mcpServers": { "files": { "command": "a" }, "files": { "command": "b" } } }',
    });
    const diagnosis = await diagnoseMonoAgentConfig({ cwd: agentDir, env: {} });
    expect(diagnosis.issues).toContainEqual(
      expect.objectContaining({
        severity: "warning",
        code: "duplicate_key",
        file: join(agentDir, "mcp.json"),
        jsonPath: "mcpServers.files",
      }),
    );
    expect(diagnosis.loaded?.mcpServers.files?.spec).toMatchObject({ command: "b" });
  });
});
