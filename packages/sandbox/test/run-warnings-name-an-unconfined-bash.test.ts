import { DEFAULT_SANDBOX_CONFIG } from "@mono-agent/config";
import { describe, expect, test } from "vitest";
import { sandboxRunWarnings } from "../src/node/sandbox-run-warnings.js";

describe("sandboxRunWarnings", () => {
  test("says nothing when no confined tool is offered", async () => {
    expect(await sandboxRunWarnings({ ...DEFAULT_SANDBOX_CONFIG, mode: "off" }, false, {})).toEqual([]);
  });

  test("warns that Bash runs unconfined when the sandbox is off", async () => {
    const warnings = await sandboxRunWarnings({ ...DEFAULT_SANDBOX_CONFIG, mode: "off" }, true, {});
    expect(warnings.map((warning) => warning.kind)).toEqual(["sandbox_off"]);
    expect(warnings[0]?.message).toContain('set sandbox.mode to "native" to confine it');
  });

  test("says Bash commands fail when the engine is missing and there is no fallback", async () => {
    const warnings = await sandboxRunWarnings({ ...DEFAULT_SANDBOX_CONFIG, mode: "native" }, true, {
      PATH: "/nonexistent-sandbox-engine-path",
    });
    expect(warnings.map((warning) => warning.kind)).toEqual(["sandbox_unavailable"]);
    expect(warnings[0]?.message).toContain("every Bash command fails with sandbox_prepare_failed");
  });
});
