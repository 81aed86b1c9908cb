import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { CheckLine, CheckResult, EnvRecord, LoadedConfig } from "@mono-agent/config";
import { createToolPolicy, evaluateTool } from "@mono-agent/policy";
import { probeSandboxEngine } from "../node/probe-sandbox-engine.js";

export { probeSandboxEngine, type SandboxEngineStatus } from "../node/probe-sandbox-engine.js";

/** What `sandbox.mode: "off"` leaves unconfined, said exactly (validate and the docs agree on it). */
const UNCONFINED_WHEN_OFF =
  "Bash runs on the host as mono-agent's own user: it reads and writes every file that user can (not only the workspace; readableRoots, writableRoots, denyWrite, the read-only .git and the host's protected files are not enforced), reaches every network, sees the host's processes in /proc (the environment of processes of the same user included), and what it starts in the background is still ended with the run or the host. Only its environment is scrubbed.";

const NETWORK_TEXT = {
  none: "none (no network at all, not even the host's loopback services)",
  localhost: "localhost (the host's loopback TCP services, nothing else)",
  all: "all (the host's network, unfiltered)",
} as const;

function bashOffered(loaded: LoadedConfig): boolean {
  try {
    const policy = createToolPolicy({
      allowedTools: loaded.config.tools.allowedTools,
      disallowedTools: loaded.config.tools.disallowedTools,
    });
    return evaluateTool(policy, "Bash").decision === "offered";
  } catch {
    return true;
  }
}

function rootLines(loaded: LoadedConfig): CheckLine[] {
  const { sandbox } = loaded.config;
  const lines: CheckLine[] = [];
  for (const [key, roots] of [
    ["readableRoots", sandbox.readableRoots],
    ["writableRoots", sandbox.writableRoots],
  ] as const) {
    const absolute = roots.map((root) => resolve(loaded.workspaceDir, root));
    const missing = absolute.filter((root) => !existsSync(root));
    lines.push({
      status: "ok",
      message: `${key === "readableRoots" ? "Readable roots (read-only unless also writable)" : "Writable roots"}: ${absolute.join(", ") || "none"}.`,
    });
    if (missing.length > 0)
      lines.push({
        status: "warning",
        code: "sandbox_root_missing",
        jsonPath: `sandbox.${key}`,
        message: `sandbox.${key} names folders that do not exist and are left out: ${missing.join(", ")}.`,
        suggestion: "create them or remove them from the list",
      });
  }
  lines.push({
    status: "ok",
    message: `denyWrite (read-only inside writable roots): ${sandbox.denyWrite.join(", ") || "none"}.`,
  });
  lines.push(gitLine(sandbox.allowGitWrites));
  return lines;
}

/** What `sandbox.allowGitWrites: true` opens, said exactly (validate and docs/sandbox.md agree on it). */
export const GIT_WRITES_OPEN =
  "Bash, Exec, NodeRepl, Write and Edit may write the .git of each writable root (only denyWrite still holds: .git/config and .git/hooks/** by default). That includes what git reads as configuration and runs on the host: .git/commondir, config.worktree, info/, worktrees/*, modules/*, a submodule's .git file, a new .git or HEAD where there is none. A command can then make your next git command in the workspace (or an editor polling git) run its code on the host, outside the sandbox.";

function gitLine(allowGitWrites: boolean): CheckLine {
  return allowGitWrites
    ? {
        status: "warning",
        code: "sandbox_git_writable",
        jsonPath: "sandbox.allowGitWrites",
        message: `Git: writable (sandbox.allowGitWrites). ${GIT_WRITES_OPEN}`,
        suggestion:
          "keep sandbox.allowGitWrites false (the default) unless the agent must commit, and then run git in this workspace only with care (e.g. GIT_CONFIG_GLOBAL and -c core.fsmonitor=false, or not at all)",
      }
    : {
        status: "ok",
        message:
          "Git: .git of each writable root is read-only to Bash, Exec, NodeRepl, Write and Edit, with the git dir and common dir a .git file points to and each submodule's .git; where there is no .git, neither .git nor HEAD can be created (sandbox.allowGitWrites opens it for agents that must commit).",
      };
}

/**
 * The Sandbox findings of `mono-agent validate`: the engine (found and able to build a sandbox here, probed
 * with `env.PATH`), the mode, the network, the roots and denyWrite; with the mode off, exactly what is
 * unconfined. The status is `disabled` when the tool policy does not offer Bash.
 */
export async function checkSandboxConfig(loaded: LoadedConfig, env: EnvRecord): Promise<CheckResult> {
  const { sandbox } = loaded.config;
  const offered = bashOffered(loaded);
  const lines: CheckLine[] = [];
  if (!offered)
    lines.push({
      status: "disabled",
      message: "Bash is not offered (tool policy), so no command runs in the sandbox.",
    });
  if (sandbox.mode === "off") {
    lines.push({
      status: offered ? "warning" : "disabled",
      code: "sandbox_off",
      jsonPath: "sandbox.mode",
      message: `Mode: off. ${UNCONFINED_WHEN_OFF}`,
      suggestion: 'set sandbox.mode to "native" (the default) and install bubblewrap',
    });
    return { status: offered ? "warning" : "disabled", lines };
  }
  const engine = await probeSandboxEngine(env["PATH"] !== undefined ? { searchPath: env["PATH"] } : {});
  const unsafe = sandbox.fallback === "unsafe-host-process" && sandbox.unsafeAllowHostProcess;
  lines.push(
    engine.available
      ? {
          status: "ok",
          message: `Engine: ${engine.version} at ${engine.path}, working here (new pid, mount, network, IPC and UTS namespaces${engine.userNamespaces ? ", a user namespace of its own" : ""}; no capabilities; dies with mono-agent).`,
        }
      : {
          status: offered ? "warning" : "disabled",
          code: "sandbox_unavailable",
          message: `Engine: ${engine.problem}. ${unsafe ? 'sandbox.fallback "unsafe-host-process": Bash runs unconfined until then.' : "Until then every Bash command fails with sandbox_prepare_failed (the run goes on)."}`,
          suggestion: "apt-get install bubblewrap (Debian/Ubuntu), then run validate again",
        },
  );
  lines.push({ status: "ok", message: "Mode: native (Bash runs in the sandbox)." });
  if (unsafe)
    lines.push({
      status: "warning",
      code: "sandbox_unsafe_fallback",
      jsonPath: "sandbox.fallback",
      message: 'Fallback: "unsafe-host-process": if the engine is missing, Bash runs unconfined on the host.',
      suggestion: 'keep sandbox.fallback "fail-closed" (the default)',
    });
  const network = sandbox.network;
  lines.push({
    status: "ok",
    message:
      network.mode === "allowlist"
        ? `Network: allowlist, only through the sandbox's HTTP(S) proxy to ${network.allowlist.join(", ") || "no host at all"} (loopback only if listed).`
        : `Network: ${NETWORK_TEXT[network.mode]}.`,
  });
  lines.push(...rootLines(loaded));
  // With Bash offered, every finding is ok or a warning.
  const worst = lines.some((line) => line.status === "warning") ? "warning" : "ok";
  return { status: offered ? worst : "disabled", lines };
}
