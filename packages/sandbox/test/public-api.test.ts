import { join } from "node:path";
import { exportedNames } from "@mono-agent/test-utils";
import { describe, expect, test } from "vitest";
import * as check from "../src/check.js";
import * as root from "../src/index.js";
import * as node from "../src/node/index.js";

const sourceDir = join(import.meta.dirname, "..", "src");

// Adding a name here is an API decision: export what another package or a documented host uses; keep
// limits and helpers internal (tests import them from ../src/<file>.js).
describe("public API", () => {
  test("the root entry", () => {
    expect(Object.keys(root).sort()).toMatchInlineSnapshot(`
      [
        "SandboxError",
        "allowlistAllowsHost",
        "mergeSandboxPolicy",
        "sandboxPolicyForRun",
      ]
    `);
    expect(exportedNames(join(sourceDir, "index.ts"))).toMatchInlineSnapshot(`
      [
        "MergeSandboxPolicyOptions",
        "SandboxError",
        "SandboxErrorCode",
        "SandboxNetworkMode",
        "SandboxPolicy",
        "SandboxPolicyRequest",
        "allowlistAllowsHost",
        "mergeSandboxPolicy",
        "sandboxPolicyForRun",
      ]
    `);
  });

  test("./node", () => {
    expect(Object.keys(node).sort()).toMatchInlineSnapshot(`
      [
        "CONFINED_TOOLS",
        "createDenyWriteMatcher",
        "gitHostConfigurationPaths",
        "matchesDenyWrite",
        "openHostProcessLedger",
        "prepareSandboxedCommand",
        "probeSandboxEarly",
        "probeSandboxEngine",
        "reapHostProcessLeftovers",
        "sandboxRunWarnings",
        "spawnProcessGroup",
        "startSandboxedProcess",
      ]
    `);
    expect(exportedNames(join(sourceDir, "node/index.ts"))).toMatchInlineSnapshot(`
      [
        "CONFINED_TOOLS",
        "DenyWriteMatcher",
        "GitHostConfigurationPath",
        "HostProcessLedger",
        "OwnedPathIdentity",
        "PrepareSandboxedCommandOptions",
        "ProtectedPaths",
        "ReapReport",
        "SandboxEngineStatus",
        "SandboxRunWarning",
        "SandboxSpawnSpec",
        "SpawnProcessGroupOptions",
        "StartSandboxedProcessOptions",
        "createDenyWriteMatcher",
        "gitHostConfigurationPaths",
        "matchesDenyWrite",
        "openHostProcessLedger",
        "prepareSandboxedCommand",
        "probeSandboxEarly",
        "probeSandboxEngine",
        "reapHostProcessLeftovers",
        "sandboxRunWarnings",
        "spawnProcessGroup",
        "startSandboxedProcess",
      ]
    `);
  });
  test("./check", () => {
    expect(Object.keys(check).sort()).toMatchInlineSnapshot(`
      [
        "checkSandboxConfig",
        "probeSandboxEngine",
      ]
    `);
    expect(exportedNames(join(sourceDir, "check.ts"))).toMatchInlineSnapshot(`
      [
        "SandboxEngineStatus",
        "checkSandboxConfig",
        "probeSandboxEngine",
      ]
    `);
  });
});
