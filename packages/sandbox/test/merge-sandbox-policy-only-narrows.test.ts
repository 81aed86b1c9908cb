import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allowlistAllowsHost, mergeSandboxPolicy, SandboxError, type SandboxPolicy } from "../src/index.js";
import { DEFAULT_POLICY } from "./run-in-sandbox.js";

const workspaceDir = "/ws";
const merge = (base: Partial<SandboxPolicy>, request: Parameters<typeof mergeSandboxPolicy>[1]) =>
  mergeSandboxPolicy({ ...DEFAULT_POLICY, ...base }, request, { workspaceDir });

describe("mergeSandboxPolicy", () => {
  it("an empty request keeps the config, with roots made absolute", () => {
    expect(merge({}, {})).toEqual({ ...DEFAULT_POLICY, readableRoots: ["/ws"], writableRoots: ["/ws"] });
  });

  it("mode: native wins from either side", () => {
    expect(merge({ mode: "off" }, { mode: "native" }).mode).toBe("native");
    expect(merge({ mode: "native" }, { mode: "off" }).mode).toBe("native");
    expect(merge({ mode: "off" }, {}).mode).toBe("off");
  });

  it("roots are intersected: the deeper of two nested roots, nothing for disjoint ones", () => {
    const merged = merge(
      { readableRoots: [".", "/data"], writableRoots: ["out"] },
      {
        readableRoots: ["src", "/data/a", "/elsewhere"],
        writableRoots: [".", "out/tmp"],
      },
    );
    expect(merged.readableRoots.sort()).toEqual(["/data/a", "/ws/src"]);
    expect(merged.writableRoots).toEqual(["/ws/out"]);
    expect(merge({ writableRoots: ["a"] }, { writableRoots: ["b"] }).writableRoots).toEqual([]);
  });

  it("denyWrite lists are united", () => {
    expect(merge({ denyWrite: [".env"] }, { denyWrite: ["keys/**", ".env"] }).denyWrite).toEqual([
      ".env",
      "keys/**",
    ]);
  });

  it("the network only narrows", () => {
    expect(
      merge({ network: { mode: "all", allowlist: [] } }, { network: { mode: "localhost" } }).network,
    ).toEqual({
      mode: "localhost",
      allowlist: [],
    });
    expect(
      merge({ network: { mode: "none", allowlist: [] } }, { network: { mode: "all" } }).network.mode,
    ).toBe("none");
    expect(
      merge({ network: { mode: "localhost", allowlist: [] } }, { network: { mode: "all" } }).network.mode,
    ).toBe("localhost");
    const lists = merge(
      { network: { mode: "allowlist", allowlist: ["*.example.com", "npmjs.org"] } },
      { network: { mode: "allowlist", allowlist: ["api.example.com", "evil.test", "*.a.example.com"] } },
    ).network;
    expect(lists.mode).toBe("allowlist");
    expect(lists.allowlist.sort()).toEqual(["*.a.example.com", "api.example.com"]);
    expect(
      merge(
        { network: { mode: "allowlist", allowlist: ["localhost", "x.com"] } },
        { network: { mode: "localhost" } },
      ).network,
    ).toEqual({ mode: "allowlist", allowlist: ["localhost"] });
    expect(
      merge(
        { network: { mode: "localhost", allowlist: [] } },
        { network: { mode: "allowlist", allowlist: ["x.com"] } },
      ).network,
    ).toEqual({ mode: "none", allowlist: [] });
  });

  it("fallback is fail-closed if either side is; unsafeAllowHostProcess only if both allow it", () => {
    const unsafe = { fallback: "unsafe-host-process", unsafeAllowHostProcess: true } as const;
    expect(merge(unsafe, {})).toMatchObject(unsafe);
    expect(merge(unsafe, { fallback: "fail-closed" }).fallback).toBe("fail-closed");
    expect(merge(unsafe, { unsafeAllowHostProcess: false })).toMatchObject({
      fallback: "fail-closed",
      unsafeAllowHostProcess: false,
    });
    expect(merge({}, { fallback: "unsafe-host-process", unsafeAllowHostProcess: true })).toMatchObject({
      fallback: "fail-closed",
      unsafeAllowHostProcess: false,
    });
  });

  it("a relative workspace is an invalid_sandbox_request", () => {
    const error = (() => {
      try {
        mergeSandboxPolicy(DEFAULT_POLICY, {}, { workspaceDir: "ws" });
      } catch (caught) {
        return caught;
      }
    })();
    expect(SandboxError.isInstance(error) && error.code).toBe("invalid_sandbox_request");
  });

  it("never allows a host the config does not (property)", () => {
    const label = fc.constantFrom("a", "b", "example", "com", "io");
    const host = fc.array(label, { minLength: 1, maxLength: 4 }).map((labels) => labels.join("."));
    const entry = fc.oneof(
      host,
      host.map((name) => `*.${name}`),
    );
    const mode = fc.constantFrom("none", "localhost", "allowlist", "all" as const);
    fc.assert(
      fc.property(
        mode,
        fc.array(entry),
        mode,
        fc.array(entry),
        host,
        (baseMode, baseList, requestMode, requestList, probe) => {
          const base = { mode: baseMode, allowlist: baseList } as SandboxPolicy["network"];
          const merged = merge(
            { network: base },
            { network: { mode: requestMode, allowlist: requestList } },
          ).network;
          const allows = (network: SandboxPolicy["network"], name: string) =>
            network.mode === "all" ||
            (network.mode === "allowlist" && allowlistAllowsHost(network.allowlist, name));
          if (allows(merged, probe)) expect(allows(base, probe)).toBe(true);
        },
      ),
    );
  });
});

describe("allowlistAllowsHost", () => {
  it("exact names and *.suffix subdomains, case-insensitively, a trailing dot ignored", () => {
    const list = ["registry.npmjs.org", "*.github.com"];
    expect(allowlistAllowsHost(list, "registry.npmjs.org")).toBe(true);
    expect(allowlistAllowsHost(list, "REGISTRY.npmjs.org.")).toBe(true);
    expect(allowlistAllowsHost(list, "api.github.com")).toBe(true);
    expect(allowlistAllowsHost(list, "github.com")).toBe(false);
    expect(allowlistAllowsHost(list, "evilgithub.com")).toBe(false);
    expect(allowlistAllowsHost(list, "npmjs.org")).toBe(false);
    expect(allowlistAllowsHost([], "anything")).toBe(false);
  });
});
