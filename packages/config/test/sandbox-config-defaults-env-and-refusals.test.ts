import { describe, expect, it } from "vitest";
import { diagnoseMonoAgentConfig, loadMonoAgentConfig } from "../src/index.js";
import { DEFAULT_SANDBOX_DENY_WRITE, sandboxAllowlistEntryProblem } from "../src/schema/sandbox-schema.js";

const cwd = "/agents/demo";
const load = (config: unknown, env: Record<string, string> = {}) => loadMonoAgentConfig({ config, cwd, env });
const errorsOf = async (config: unknown, env: Record<string, string> = {}) =>
  (await diagnoseMonoAgentConfig({ config, cwd, env })).issues.filter((issue) => issue.severity === "error");

describe("sandbox config", () => {
  it("defaults: native, no network, the workspace readable and writable, the v0 denyWrite list, .git read-only, fail-closed", async () => {
    const { config } = await load({});
    expect(config.sandbox).toEqual({
      mode: "native",
      network: { mode: "none", allowlist: [] },
      readableRoots: ["."],
      writableRoots: ["."],
      denyWrite: [".env", ".env.*", ".git/config", ".git/hooks/**"],
      allowGitWrites: false,
      fallback: "fail-closed",
      unsafeAllowHostProcess: false,
    });
    expect(DEFAULT_SANDBOX_DENY_WRITE).toEqual(config.sandbox.denyWrite);
  });

  it("setting denyWrite replaces the defaults", async () => {
    const { config } = await load({ sandbox: { denyWrite: ["secrets/**"] } });
    expect(config.sandbox.denyWrite).toEqual(["secrets/**"]);
  });

  it("env overrides win over JSON: the mode, the network mode and the comma-separated lists", async () => {
    const loaded = await load(
      { sandbox: { mode: "native", readableRoots: ["docs"], network: { mode: "all" } } },
      {
        MONO_AGENT_SANDBOX_MODE: "off",
        MONO_AGENT_SANDBOX_NETWORK_MODE: "allowlist",
        MONO_AGENT_SANDBOX_NETWORK_ALLOWLIST: "registry.npmjs.org, *.github.com",
        MONO_AGENT_SANDBOX_READABLE_ROOTS: ".,../shared",
        MONO_AGENT_SANDBOX_WRITABLE_ROOTS: "out",
        MONO_AGENT_SANDBOX_DENY_WRITE: ".env,keys/**",
      },
    );
    expect(loaded.config.sandbox).toMatchObject({
      mode: "off",
      network: { mode: "allowlist", allowlist: ["registry.npmjs.org", "*.github.com"] },
      readableRoots: [".", "../shared"],
      writableRoots: ["out"],
      denyWrite: [".env", "keys/**"],
    });
    expect(loaded.sources["sandbox.mode"]).toBe("env");
    expect(loaded.sources["sandbox.denyWrite"]).toBe("env");
  });

  it("a bad MONO_AGENT_SANDBOX_MODE is an error naming the key and the accepted values", async () => {
    const [issue] = await errorsOf({}, { MONO_AGENT_SANDBOX_MODE: "strict" });
    expect(issue?.jsonPath).toBe("sandbox.mode");
    expect(issue?.message).toMatch(/native/);
    expect(issue?.message).toMatch(/off/);
  });

  it('fallback "unsafe-host-process" without unsafeAllowHostProcess: true is a config error naming the fix', async () => {
    const [issue] = await errorsOf({ sandbox: { fallback: "unsafe-host-process" } });
    expect(issue?.jsonPath).toBe("sandbox.unsafeAllowHostProcess");
    expect(issue?.message).toContain("set sandbox.unsafeAllowHostProcess to true");
    const accepted = await load({
      sandbox: { fallback: "unsafe-host-process", unsafeAllowHostProcess: true },
    });
    expect(accepted.config.sandbox.fallback).toBe("unsafe-host-process");
  });

  it("unsafeAllowHostProcess has no env variable: only the file can allow an unconfined fallback", async () => {
    const { config } = await load({}, { MONO_AGENT_SANDBOX_UNSAFE_ALLOW_HOST_PROCESS: "true" });
    expect(config.sandbox.unsafeAllowHostProcess).toBe(false);
  });

  it("allowlist entries: host names and *.suffix only; CIDR, ports, IPv6, schemes and a bare * are refused", async () => {
    for (const good of ["example.com", "*.example.com", "localhost", "127.0.0.1", "a-b.c0.io"])
      expect(sandboxAllowlistEntryProblem(good), good).toBeUndefined();
    for (const bad of [
      "*",
      "10.0.0.0/8",
      "example.com:443",
      "::1",
      "[::1]",
      "https://example.com",
      "*.com",
      "Example.com",
      "exa mple.com",
      "*example.com",
      "a.*.com",
      "",
      "-bad.com",
    ])
      expect(sandboxAllowlistEntryProblem(bad), bad).toBeTypeOf("string");
    const [issue] = await errorsOf({
      sandbox: { network: { mode: "allowlist", allowlist: ["10.0.0.0/8"] } },
    });
    expect(issue?.jsonPath).toBe("sandbox.network.allowlist[0]");
    expect(issue?.message).toContain("CIDR");
  });

  it("an unknown sandbox key names the closest known key", async () => {
    const [issue] = await errorsOf({ sandbox: { writeableRoots: ["."] } });
    expect(issue?.message).toContain("writableRoots");
  });
});
