import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { SandboxError } from "../src/index.js";
import { prepareSandboxedCommand, probeSandboxEngine } from "../src/node/index.js";
import { BUBBLEWRAP_INSTALL_HINT } from "../src/node/probe-sandbox-engine.js";
import { DEFAULT_POLICY, makeTree, runInSandbox } from "./run-in-sandbox.js";

const tree = makeTree();
afterAll(() => rmSync(tree.root, { recursive: true, force: true }));
const noEngine = { searchPath: "/nonexistent-bin" };

describe("without a usable engine", () => {
  it("the probe says bwrap is missing and how to install it", async () => {
    const status = await probeSandboxEngine(noEngine);
    expect(status).toMatchObject({ engine: "bubblewrap", available: false });
    expect(status.problem).toContain("apt-get install bubblewrap");
    expect(BUBBLEWRAP_INSTALL_HINT).toContain("apt-get install bubblewrap");
  });

  it("finds the installed bwrap on the given PATH", async () => {
    const status = await probeSandboxEngine({ searchPath: "/usr/bin:/bin" });
    expect(status).toMatchObject({ available: true, path: "/usr/bin/bwrap" });
    expect(status.version).toMatch(/^bubblewrap \d/);
  });

  it("fails closed: sandbox_unavailable naming the install command, nothing runs", async () => {
    const error = await runInSandbox(tree.workspace, "touch ran", { engine: noEngine }).catch(
      (caught: unknown) => caught,
    );
    expect(SandboxError.isInstance(error) && error.code).toBe("sandbox_unavailable");
    expect((error as Error).message).toContain("apt-get install bubblewrap");
  });

  it('the "unsafe-host-process" fallback, when allowed, gives an unconfined spec that says why', async () => {
    const spec = await prepareSandboxedCommand({
      policy: { ...DEFAULT_POLICY, fallback: "unsafe-host-process", unsafeAllowHostProcess: true },
      workspaceDir: tree.workspace,
      argv: ["bash", "-c", "true"],
      env: { PATH: "/usr/bin:/bin" },
      engine: noEngine,
    });
    expect(spec).toMatchObject({ engine: "host-process", command: "bash", args: ["-c", "true"] });
    expect(spec.unconfined?.reason).toBe("unsafe_fallback");
    expect(spec.unconfined?.message).toContain("apt-get install bubblewrap");
    const refused = await prepareSandboxedCommand({
      policy: { ...DEFAULT_POLICY, fallback: "unsafe-host-process", unsafeAllowHostProcess: false },
      workspaceDir: tree.workspace,
      argv: ["true"],
      env: {},
      engine: noEngine,
    }).catch((caught: unknown) => caught);
    expect(SandboxError.isInstance(refused) && refused.code).toBe("sandbox_unavailable");
  });

  it('mode "off" runs on the host, marked unconfined, and an empty argv is an invalid request', async () => {
    const off = await runInSandbox(tree.workspace, "echo $SANDBOXED; pwd", {
      policy: { mode: "off" },
      env: { PATH: "/usr/bin:/bin", SANDBOXED: "no" },
    });
    expect(off.stdout).toBe(`no\n${tree.workspace}\n`);
    const error = await prepareSandboxedCommand({
      policy: DEFAULT_POLICY,
      workspaceDir: tree.workspace,
      argv: [],
      env: {},
    }).catch((caught: unknown) => caught);
    expect(SandboxError.isInstance(error) && error.code).toBe("invalid_sandbox_request");
  });
});
