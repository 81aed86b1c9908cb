import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_SANDBOX_CONFIG } from "@mono-agent/config";
import type { SandboxPolicy } from "../src/index.js";
import {
  type PrepareSandboxedCommandOptions,
  prepareSandboxedCommand,
  startSandboxedProcess,
} from "../src/node/index.js";

/** The config's defaults: native, no network, the workspace readable and writable, v0 denyWrite. */
export const DEFAULT_POLICY: SandboxPolicy = DEFAULT_SANDBOX_CONFIG;

export interface SandboxRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `script` with bash in the sandbox and collects its output. */
export async function runInSandbox(
  workspaceDir: string,
  script: string,
  options: Partial<Omit<PrepareSandboxedCommandOptions, "argv" | "workspaceDir" | "policy">> & {
    policy?: Partial<SandboxPolicy>;
  } = {},
): Promise<SandboxRun> {
  const spec = await prepareSandboxedCommand({
    env: { PATH: "/usr/bin:/bin", HOME: "/root" },
    ...options,
    policy: { ...DEFAULT_POLICY, ...options.policy },
    workspaceDir,
    argv: ["bash", "-c", script],
  });
  try {
    const child = await startSandboxedProcess(spec, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once("close", (exit) => resolve(exit)));
    return { code, stdout, stderr };
  } finally {
    await spec.release();
  }
}

/** A temp folder with `workspace/` (a git-like tree with .git/config and hooks) and `outside/`. */
export function makeTree(): { root: string; workspace: string; outside: string } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "sandbox-test-")));
  const workspace = join(root, "workspace");
  const outside = join(root, "outside");
  mkdirSync(join(workspace, ".git", "hooks"), { recursive: true });
  mkdirSync(join(workspace, "src"), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(workspace, ".git", "config"), "[core]\n\tbare = false\n");
  writeFileSync(join(workspace, "README.md"), "# workspace\n");
  writeFileSync(join(outside, "secret.txt"), "outside secret\n");
  return { root, workspace, outside };
}
