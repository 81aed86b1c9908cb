import { describe, expect, it } from "vitest";
import { diagnoseMonoAgentConfig, loadMonoAgentConfig } from "../src/index.js";

const cwd = "/agents/demo";

describe("tools.filesystem roots", () => {
  it("are unset by default and read from JSON", async () => {
    expect((await loadMonoAgentConfig({ config: {}, cwd, env: {} })).config.tools.filesystem).toBeUndefined();
    const loaded = await loadMonoAgentConfig({
      config: { tools: { filesystem: { readableRoots: ["../docs"], writableRoots: ["/tmp/out"] } } },
      cwd,
      env: {},
    });
    expect(loaded.config.tools.filesystem).toEqual({
      readableRoots: ["../docs"],
      writableRoots: ["/tmp/out"],
    });
    expect(loaded.sources["tools.filesystem.readableRoots"]).toBe("json");
  });

  it("MONO_AGENT_FILE_TOOL_*_ROOTS are comma lists that win over JSON", async () => {
    const loaded = await loadMonoAgentConfig({
      config: { tools: { filesystem: { readableRoots: ["json-only"] } } },
      cwd,
      env: {
        MONO_AGENT_FILE_TOOL_READABLE_ROOTS: " ../docs, /srv/data ,",
        MONO_AGENT_FILE_TOOL_WRITABLE_ROOTS: "out",
      },
    });
    expect(loaded.config.tools.filesystem).toEqual({
      readableRoots: ["../docs", "/srv/data"],
      writableRoots: ["out"],
    });
    expect(loaded.sources["tools.filesystem.readableRoots"]).toBe("env");
    expect(loaded.sources["tools.filesystem.writableRoots"]).toBe("env");
  });

  it("an unknown key under tools.filesystem is an error naming the closest key", async () => {
    const { issues } = await diagnoseMonoAgentConfig({
      config: { tools: { filesystem: { readableRoot: ["x"] } } },
      cwd,
      env: {},
    });
    const error = issues.find((issue) => issue.severity === "error");
    expect(error?.message).toContain("readableRoot");
    expect(error?.message).toContain("readableRoots");
  });
});
