import { afterEach, describe, expect, it } from "vitest";
import { loadMonoAgentConfig } from "../src/index.js";

describe("the loader reads only the env it is given", () => {
  afterEach(() => {
    delete process.env["MONO_AGENT_MODEL"];
    delete process.env["MONO_AGENT_EXECUTION_MODE"];
  });

  it("ignores MONO_AGENT_* variables of the process when env is passed", async () => {
    process.env["MONO_AGENT_MODEL"] = "openai:from-process";
    process.env["MONO_AGENT_EXECUTION_MODE"] = "retired-but-ignored";
    const loaded = await loadMonoAgentConfig({ config: {}, cwd: "/agent", env: {} });
    expect(loaded.config.runtime.model).toBe("demo:demo");
    expect(loaded.sources["runtime.model"]).toBe("default");
  });
});
