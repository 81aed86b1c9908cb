import type { LoadedConfig } from "@mono-agent/config";
import { evaluateTool, type ToolPolicy } from "@mono-agent/policy";
import type { SandboxPolicy } from "../sandbox-policy.js";
import { probeSandboxEngine } from "./probe-sandbox-engine.js";

/** A run warning about how Bash is confined in this run. */
export interface SandboxRunWarning {
  /**
   * - `sandbox_off`: `sandbox.mode` is off, Bash runs unconfined on the host.
   * - `sandbox_unsafe_fallback`: the engine is unavailable and the unsafe fallback runs Bash unconfined.
   * - `sandbox_unavailable`: the engine is unavailable; every Bash command fails with sandbox_prepare_failed.
   */
  kind: "sandbox_off" | "sandbox_unsafe_fallback" | "sandbox_unavailable";
  message: string;
}

/** The built-in tools that run commands in the sandbox (the run warns when it cannot confine them). */
export const CONFINED_TOOLS: readonly string[] = ["Bash", "Exec", "NodeRepl"];

/**
 * Starts the engine probe a run of this config will make (kept for the life of the process), so the run's
 * check finds it done: a cold CLI run starts it right after the config is read, while the process is
 * still small and starting a child is cheap. Nothing when no confined tool is offered or the sandbox is off
 * (the run would not probe either).
 */
export function probeSandboxEarly(
  loaded: LoadedConfig,
  policy: ToolPolicy,
  env: Readonly<Record<string, string | undefined>>,
): void {
  if (loaded.config.sandbox.mode === "off") return;
  if (!CONFINED_TOOLS.some((name) => evaluateTool(policy, name).decision === "offered")) return;
  const searchPath = env["PATH"];
  void probeSandboxEngine(searchPath !== undefined ? { searchPath } : {});
}

/**
 * What a run must say at its start about Bash's confinement, when Bash is offered: that it is off, or
 * that the engine is missing (and whether commands then fail or run unconfined). Nothing when confined.
 */
export async function sandboxRunWarnings(
  policy: SandboxPolicy,
  bashOffered: boolean,
  env: Readonly<Record<string, string | undefined>>,
): Promise<SandboxRunWarning[]> {
  if (!bashOffered) return [];
  if (policy.mode === "off")
    return [
      {
        kind: "sandbox_off",
        message:
          'sandbox.mode is "off": Bash runs unconfined on the host, with every file, process and network mono-agent itself can reach (only its environment is scrubbed); set sandbox.mode to "native" to confine it',
      },
    ];
  const searchPath = env["PATH"];
  const engine = await probeSandboxEngine(searchPath !== undefined ? { searchPath } : {});
  if (engine.available) return [];
  if (policy.fallback === "unsafe-host-process" && policy.unsafeAllowHostProcess)
    return [
      {
        kind: "sandbox_unsafe_fallback",
        message: `${engine.problem}; sandbox.fallback "unsafe-host-process" runs Bash unconfined on the host meanwhile`,
      },
    ];
  return [
    {
      kind: "sandbox_unavailable",
      message: `${engine.problem}; until then every Bash command fails with sandbox_prepare_failed`,
    },
  ];
}
