import { loadMonoAgentConfig } from "@mono-agent/config";
import { tempDir } from "@mono-agent/test-utils";
import { describe, expect, it } from "vitest";
import { checkSandboxConfig } from "../src/check.js";

async function loadIn(config: Record<string, unknown>) {
  return loadMonoAgentConfig({ config, cwd: tempDir("sandbox-check-"), env: {} });
}

describe("checkSandboxConfig", () => {
  it("is ok with the native engine found on PATH", async () => {
    const result = await checkSandboxConfig(await loadIn({}), { PATH: process.env["PATH"] ?? "" });
    expect(result.status).toBe("ok");
    expect(result.lines.map((line) => line.status)).not.toContain("warning");
    expect(result.lines.some((line) => line.message.startsWith("Engine: "))).toBe(true);
    expect(result.lines).toContainEqual({
      status: "ok",
      message: "Mode: native (Bash runs in the sandbox).",
    });
  });

  it("warns when the engine is missing and when a root does not exist", async () => {
    const loaded = await loadIn({ sandbox: { writableRoots: ["no-such-folder"] } });
    const result = await checkSandboxConfig(loaded, { PATH: tempDir("empty-path-") });
    expect(result.status).toBe("warning");
    const codes = result.lines.map((line) => line.code).filter(Boolean);
    expect(codes).toEqual(["sandbox_unavailable", "sandbox_root_missing"]);
    expect(result.lines.find((line) => line.code === "sandbox_root_missing")?.jsonPath).toBe(
      "sandbox.writableRoots",
    );
  });

  it("warns with mode off and says what is unconfined", async () => {
    const result = await checkSandboxConfig(await loadIn({ sandbox: { mode: "off" } }), {});
    expect(result.status).toBe("warning");
    expect(result.lines).toHaveLength(1);
    expect(result.lines[0]).toMatchObject({
      status: "warning",
      code: "sandbox_off",
      jsonPath: "sandbox.mode",
    });
    expect(result.lines[0]?.message).toContain("Bash runs on the host as mono-agent's own user");
  });

  it("is disabled when the tool policy does not offer Bash", async () => {
    const loaded = await loadIn({ sandbox: { mode: "off" }, tools: { disallowedTools: ["Bash"] } });
    const result = await checkSandboxConfig(loaded, {});
    expect(result.status).toBe("disabled");
    expect(result.lines.map((line) => line.status)).toEqual(["disabled", "disabled"]);
  });
});
