import { loadMonoAgentConfig } from "@mono-agent/config";
import { tempDir } from "@mono-agent/test-utils";
import { describe, expect, it } from "vitest";
import { checkContinuationsConfig, retentionSweepLine } from "../src/check.js";

async function loadIn(config: Record<string, unknown>) {
  return loadMonoAgentConfig({ config, cwd: tempDir("continuations-check-"), env: {} });
}

describe("checkContinuationsConfig", () => {
  it("is disabled without a continuations block or continuation servers", async () => {
    const result = await checkContinuationsConfig(await loadIn({}));
    expect(result.status).toBe("disabled");
    expect(result.lines[0]?.message).toBe(
      "No continuations block and no tools.continuationServers: the service does not start.",
    );
  });

  it("warns when disabled while servers still expect hand-off", async () => {
    const loaded = await loadIn({
      continuations: { enabled: false },
      tools: { continuationServers: ["jobs"] },
    });
    const result = await checkContinuationsConfig(loaded);
    expect(result.status).toBe("warning");
    expect(result.lines[0]?.message).toContain("jobs get empty claim values");
  });

  it("is ok with a block and no store yet, naming where the service listens", async () => {
    const result = await checkContinuationsConfig(await loadIn({ continuations: {} }));
    expect(result.status).toBe("ok");
    expect(result.lines[0]?.message).toMatch(
      /^The continuation service starts with the app on http:\/\/127\.0\.0\.1:4319 /,
    );
    expect(result.lines.at(-1)?.message).toBe(
      "No continuation store yet: it is created when the service first starts.",
    );
  });

  it("is an error when a detached service's bearer variable is unset, never showing a value", async () => {
    const loaded = await loadIn({
      continuations: { detachedServices: [{ name: "ci", tokenEnv: "CI_TOKEN" }] },
    });
    const result = await checkContinuationsConfig(loaded, {});
    expect(result.status).toBe("error");
    expect(result.lines.find((line) => line.code === "continuations_service_token")).toMatchObject({
      status: "error",
      jsonPath: "continuations.detachedServices[0].tokenEnv",
      suggestion:
        "set CI_TOKEN in the environment or the .env file; the continuation service does not start without it",
    });
    expect(result.lines.map((line) => line.code)).toContain("continuations_no_named_routes");
  });
});

describe("retentionSweepLine", () => {
  it("says when no sweep has run yet", () => {
    expect(retentionSweepLine(undefined)).toBe(
      "Retention: no sweep has run yet (the service sweeps at start and hourly).",
    );
  });
});
