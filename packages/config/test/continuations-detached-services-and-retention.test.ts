import { describe, expect, it } from "vitest";
import { detachedServiceTokenProblem, detachedServiceTokens, diagnoseMonoAgentConfig, loadMonoAgentConfig, MonoAgentConfigError, requireDetachedServiceTokens } from "../src/index.js";
import { CONTINUATION_RETENTION_DEFAULTS } from "../src/schema/continuations-schema.js";

async function issuesFor(continuations: unknown) {
  return (await diagnoseMonoAgentConfig({ config: { continuations }, cwd: "/agent", env: {} })).issues;
}

describe("continuations.detachedServices, retention and operatorPageSize", () => {
  it("defaults: no detached services, v0 retention, operator pages of 100", async () => {
    const { config } = await loadMonoAgentConfig({ config: { continuations: {} }, cwd: "/agent", env: {} });
    expect(config.continuations?.detachedServices).toEqual([]);
    expect(config.continuations?.retention).toEqual({
      terminalMaxRecords: 50_000,
      terminalMaxAgeMs: 31_536_000_000,
      capturedTextMaxRecords: 1_000,
      capturedTextMaxAgeMs: 2_592_000_000,
    });
    expect(config.continuations?.retention).toEqual(CONTINUATION_RETENTION_DEFAULTS);
    expect(config.continuations?.limits.operatorPageSize).toBe(100);
  });

  it("takes services by name and env variable name, never a bearer", async () => {
    const { config } = await loadMonoAgentConfig({
      config: { continuations: { detachedServices: [{ name: "ci-runner", tokenEnv: "CI_RUNNER_TOKEN" }] } },
      cwd: "/agent",
      env: {},
    });
    expect(config.continuations?.detachedServices).toEqual([
      { name: "ci-runner", tokenEnv: "CI_RUNNER_TOKEN" },
    ]);
    const literal = await issuesFor({ detachedServices: [{ name: "ci", token: "s3cret-s3cret-s3cret" }] });
    expect(literal.map((issue) => issue.jsonPath)).toContain("continuations.detachedServices[0].token");
    expect(literal.find((issue) => issue.jsonPath?.endsWith(".token"))?.suggestion).toBe("tokenEnv");
  });

  it("names each bad field: bad env name, bad service name, misspelt key, bad limits", async () => {
    const issues = await issuesFor({
      detachedServices: [
        { name: "ci", tokenEnv: "CI_TOKEN" },
        { name: "ci", tokenEnv: "1-BAD" },
        { name: "has space", tokenenv: "X" },
      ],
      retention: { terminalMaxRecords: 0, capturedTextMaxAge: 5 },
      limits: { operatorPageSize: 501 },
    });
    const byPath = Object.fromEntries(issues.map((issue) => [issue.jsonPath, issue]));
    expect(byPath["continuations.detachedServices[1].tokenEnv"]?.message).toContain(
      "environment variable name",
    );
    expect(byPath["continuations.detachedServices[2].name"]?.message).toContain("service name");
    expect(byPath["continuations.detachedServices[2].tokenenv"]?.suggestion).toBe("tokenEnv");
    expect(byPath["continuations.retention.terminalMaxRecords"]).toBeDefined();
    expect(byPath["continuations.retention.capturedTextMaxAge"]?.suggestion).toBe("capturedTextMaxAgeMs");
    expect(byPath["continuations.limits.operatorPageSize"]).toBeDefined();
  });

  it("a service name declared twice is an error at the second entry", async () => {
    const issues = await issuesFor({
      detachedServices: [
        { name: "ci", tokenEnv: "CI_TOKEN" },
        { name: "ci", tokenEnv: "OTHER_TOKEN" },
      ],
    });
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ jsonPath: "continuations.detachedServices[1].name" });
    expect(issues[0]?.message).toContain("declared twice");
  });

  it("reads each bearer from the env it is given: missing, too short or usable, naming the variable only", () => {
    const services = [
      { name: "a", tokenEnv: "A_TOKEN" },
      { name: "b", tokenEnv: "B_TOKEN" },
      { name: "c", tokenEnv: "C_TOKEN" },
      { name: "d", tokenEnv: "D_TOKEN" },
    ];
    const tokens = detachedServiceTokens(services, {
      B_TOKEN: "short",
      C_TOKEN: "0123456789abcdef",
      D_TOKEN: "",
    });
    expect(tokens.map((entry) => entry.status)).toEqual(["missing", "too_short", "ok", "missing"]);
    expect(tokens[2]).toMatchObject({ token: "0123456789abcdef" });
    expect(detachedServiceTokenProblem(tokens[0] as never)).toContain("A_TOKEN is not set");
    const short = detachedServiceTokenProblem(tokens[1] as never) ?? "";
    expect(short).toContain("B_TOKEN holds fewer than 16 characters");
    expect(short).not.toContain('short"');
    expect(detachedServiceTokenProblem(tokens[2] as never)).toBeUndefined();
  });

  it("requireDetachedServiceTokens returns the bearers, or throws service_token_invalid naming each variable", () => {
    const services = [
      { name: "a", tokenEnv: "A_TOKEN" },
      { name: "b", tokenEnv: "B_TOKEN" },
    ];
    expect(
      requireDetachedServiceTokens(services, { A_TOKEN: "a".repeat(16), B_TOKEN: "b".repeat(20) }),
    ).toEqual([
      { name: "a", token: "a".repeat(16) },
      { name: "b", token: "b".repeat(20) },
    ]);
    const error = (() => {
      try {
        requireDetachedServiceTokens(services, { B_TOKEN: "tiny-value" });
      } catch (caught) {
        return caught;
      }
    })();
    if (!MonoAgentConfigError.isInstance(error)) throw new Error("expected MonoAgentConfigError");
    expect(error.code).toBe("service_token_invalid");
    expect(error.issues.map((issue) => issue.jsonPath)).toEqual([
      "continuations.detachedServices[0].tokenEnv",
      "continuations.detachedServices[1].tokenEnv",
    ]);
    expect(error.message).toContain("A_TOKEN is not set");
    expect(error.message).toContain("B_TOKEN holds fewer than 16");
    expect(error.message).not.toContain("tiny-value");
  });
});
