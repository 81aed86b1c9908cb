import type { AgentTool } from "@mariozechner/pi-agent-core";
import { type BashOperations, createBashTool } from "@mariozechner/pi-coding-agent";
import { DEFAULT_SANDBOX_CONFIG } from "@mono-agent/config";
import { SandboxError, type SandboxPolicy } from "@mono-agent/sandbox";
import { prepareSandboxedCommand, startSandboxedProcess } from "@mono-agent/sandbox/node";
import { createBashEnv } from "./bash-env.js";

/**
 * Timeout of a Bash command when the model sets none, and the most it may ask for (10 minutes:
 * long builds and test suites finish, a hung command does not hold the run forever).
 */
export const BASH_MAX_TIMEOUT_SECONDS = 600;

/** The shell Bash commands run with, found on the PATH of the command (inside the sandbox as on the host). */
export const BASH_SHELL = "bash";

/** Options of {@link createSandboxedBashTool}. */
export interface SandboxedBashToolOptions {
  /** The workspace (absolute, existing): the command's working directory and the base of relative roots. */
  workspaceDir: string;
  /** Host-resolved env; the command sees only the non-secret variables of `BASH_ENV_PASSTHROUGH`, and its PATH finds bwrap. */
  env: Readonly<Record<string, string | undefined>>;
  /** The sandbox policy (`sandbox` of the config, merged with the request's); default: the config's defaults. */
  sandbox?: SandboxPolicy;
  /** Host state the command must not reach: `noAccess` hidden, `readOnly` never written (absolute paths). */
  protectedPaths?: { noAccess: readonly string[]; readOnly: readonly string[] };
}

function describeConfinement(policy: SandboxPolicy): string {
  if (policy.mode === "off")
    return "Runs unconfined on the host (sandbox.mode is off) with a minimal environment (no host secrets)";
  const network = {
    none: "no network",
    localhost: "only the host's loopback services",
    allowlist: `only ${policy.network.allowlist.join(", ") || "no host"} through an HTTP(S) proxy`,
    all: "the network",
  }[policy.network.mode];
  return `Runs in a sandbox: the workspace${policy.readableRoots.length + policy.writableRoots.length > 2 ? " and the configured roots" : ""}, a private /tmp and home, ${network}, a minimal environment (no host secrets); protected files such as .env and .git/config are read-only`;
}

function prepareFailure(error: SandboxError): Error {
  return new Error(`sandbox_prepare_failed: the command did not run: ${error.message}`);
}

function sandboxedOperations(options: SandboxedBashToolOptions, policy: SandboxPolicy): BashOperations {
  const env = createBashEnv(options.env);
  const searchPath = options.env["PATH"];
  return {
    async exec(command, cwd, { onData, signal, timeout }) {
      let spec: Awaited<ReturnType<typeof prepareSandboxedCommand>>;
      try {
        spec = await prepareSandboxedCommand({
          policy,
          workspaceDir: options.workspaceDir,
          argv: [BASH_SHELL, "-c", command],
          env,
          cwd,
          ...(options.protectedPaths ? { protectedPaths: options.protectedPaths } : {}),
          ...(searchPath !== undefined ? { engine: { searchPath } } : {}),
        });
      } catch (error) {
        throw SandboxError.isInstance(error) ? prepareFailure(error) : error;
      }
      try {
        const child = await startSandboxedProcess(spec, { stdio: ["ignore", "pipe", "pipe"] }).catch(
          (error: unknown) => {
            throw SandboxError.isInstance(error) ? prepareFailure(error) : error;
          },
        );
        const killGroup = () => {
          try {
            if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
          } catch {
            // The group is gone already.
          }
        };
        let timedOut = false;
        const timer =
          timeout !== undefined && timeout > 0
            ? setTimeout(() => {
                timedOut = true;
                killGroup();
              }, timeout * 1000)
            : undefined;
        if (signal?.aborted) killGroup();
        signal?.addEventListener("abort", killGroup, { once: true });
        child.stdout?.on("data", onData);
        child.stderr?.on("data", onData);
        try {
          const exitCode = await new Promise<number | null>((resolve, reject) => {
            child.once("error", reject);
            child.once("close", (code) => resolve(code));
          });
          if (signal?.aborted) throw new Error("aborted");
          if (timedOut) throw new Error(`timeout:${timeout}`);
          return { exitCode };
        } finally {
          if (timer) clearTimeout(timer);
          signal?.removeEventListener("abort", killGroup);
        }
      } finally {
        await spec.release();
      }
    },
  };
}

/**
 * The Bash tool: pi-coding-agent's bash under the seed page's name, every command run through
 * `@mono-agent/sandbox` (bubblewrap: the workspace and configured roots only, denyWrite and the host's
 * protected paths enforced, the network per `sandbox.network.mode`, no host env or /proc, killed with the
 * host). A command the sandbox cannot confine (engine missing, a protected path that cannot be pinned)
 * fails with `sandbox_prepare_failed: ...` naming the fix, and the run goes on. With `sandbox.mode: off` it
 * runs on the host under a watchdog. Commands time out after {@link BASH_MAX_TIMEOUT_SECONDS} at most.
 */
export function createSandboxedBashTool(options: SandboxedBashToolOptions): AgentTool {
  const policy = options.sandbox ?? DEFAULT_SANDBOX_CONFIG;
  const bash = createBashTool(options.workspaceDir, { operations: sandboxedOperations(options, policy) });
  return {
    ...(bash as unknown as AgentTool),
    name: "Bash",
    label: "Bash",
    description: `${bash.description} ${describeConfinement(policy)}; commands time out after ${BASH_MAX_TIMEOUT_SECONDS} seconds at most.`,
    execute(toolCallId, params, signal, onUpdate) {
      const requested = (params as { timeout?: number }).timeout;
      const timeout =
        requested === undefined || !(requested > 0)
          ? BASH_MAX_TIMEOUT_SECONDS
          : Math.min(requested, BASH_MAX_TIMEOUT_SECONDS);
      return bash.execute(toolCallId, { ...(params as { command: string }), timeout }, signal, onUpdate);
    },
  };
}
