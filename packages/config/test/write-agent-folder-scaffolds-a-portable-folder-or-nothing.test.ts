import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "@mono-agent/test-utils";
import { describe, expect, it } from "vitest";
import { SCHEMA_FOLDER, scaffoldFiles, writeAgentFolder } from "../src/init.js";

describe("writeAgentFolder", () => {
  it("writes the config, a portable mcp.json and the schemas they point at", () => {
    const dir = join(tempDir("init-"), "agent");
    const written = writeAgentFolder(dir);
    expect(written).toEqual({ files: Object.keys(scaffoldFiles()) });
    const config = JSON.parse(readFileSync(join(dir, "mono-agent.config.json"), "utf8"));
    const mcp = JSON.parse(readFileSync(join(dir, "mcp.json"), "utf8"));
    expect(config.$schema).toBe(`./${SCHEMA_FOLDER}/mono-agent.config.schema.json`);
    expect(mcp.mcpServers["example-tools"]).toEqual({ command: "mono-agent", args: ["mcp-example"] });
    expect(readFileSync(join(dir, mcp.$schema), "utf8")).toBe(
      readFileSync(join(import.meta.dirname, "..", "schema", "mcp.schema.json"), "utf8"),
    );
    expect(readFileSync(join(dir, "mcp.json"), "utf8")).not.toContain(dir);
  });

  it("writes nothing into a folder that already has one of its files", () => {
    const dir = tempDir("init-");
    writeFileSync(join(dir, "mcp.json"), "{}\n");
    expect(writeAgentFolder(dir)).toEqual({
      problem: `${dir} already has mcp.json; choose an empty or new folder (nothing was written)`,
    });
    expect(readFileSync(join(dir, "mcp.json"), "utf8")).toBe("{}\n");
  });

  it("names a file that stands where the folder should be", () => {
    const file = join(tempDir("init-"), "taken");
    writeFileSync(file, "");
    expect(writeAgentFolder(file)).toEqual({
      problem: `${file} is a file, not a folder; pass a new or empty folder for the agent (nothing was written)`,
    });
  });
});
