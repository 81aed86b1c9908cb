import type { ChildProcess } from "node:child_process";
import { DEFAULT_SANDBOX_CONFIG } from "@mono-agent/config";
import { SandboxError, type SandboxPolicy } from "@mono-agent/sandbox";
import { prepareSandboxedCommand, startSandboxedProcess } from "@mono-agent/sandbox/node";
import type { ProtectedPaths } from "../../protected-paths.js";
import { createBashEnv } from "../bash-env.js";
import { currentProtectedPaths } from "../protected-names.js";

/** Where and how a model-run command (Bash, Exec, NodeRepl) is confined. */
export interface ConfinementOptions {
  /** The workspace (absolute, existing): default working directory and base of relative roots. */
  workspaceDir: string;
  /** Host-resolved env; the command sees only the non-secret variables of `BASH_ENV_PASSTHROUGH`. */
  env: Readonly<Record<string, string | undefined>>;
  /** The sandbox policy (`sandbox` of the config, merged with the request's); default: the config's defaults. */
  sandbox?: SandboxPolicy;
  /**
   * Host state the command must not reach: `noAccess` hidden, `readOnly` never written (absolute paths);
   * `noAccessNames` folders are listed again for every command, their matching entries hidden too.
   */
  protectedPaths?: Pick<ProtectedPaths, "noAccess" | "readOnly" | "noAccessNames">;
}

/** A started confined process: its handle, a kill of its whole group, and the release of what the sandbox holds. */
export interface ConfinedProcess {
  child: ChildProcess;
  killGroup(): void;
  /** Gives back the sandbox's relay and placeholders; call after the process exited. Idempotent. */
  release(): Promise<void>;
}

/** The error a command gets when the sandbox cannot confine it: the run goes on, the model sees why. */
export function sandboxPrepareFailure(error: SandboxError): Error {
  return new Error(`sandbox_prepare_failed: the command did not run: ${error.message}`);
}

/**
 * Starts `argv` (no shell) through `@mono-agent/sandbox` with the scrubbed env, in its own process group
 * under the host's watchdog. Rejects with `sandbox_prepare_failed: ...` when the sandbox cannot be built.
 */
export async function startConfinedProcess(
  options: ConfinementOptions,
  argv: readonly string[],
  cwd: string | undefined,
): Promise<ConfinedProcess> {
  const policy = options.sandbox ?? DEFAULT_SANDBOX_CONFIG;
  const searchPath = options.env["PATH"];
  let spec: Awaited<ReturnType<typeof prepareSandboxedCommand>>;
  try {
    spec = await prepareSandboxedCommand({
      policy,
      workspaceDir: options.workspaceDir,
      argv,
      env: createBashEnv(options.env),
      ...(cwd !== undefined ? { cwd } : {}),
      ...(options.protectedPaths
        ? { protectedPaths: await currentProtectedPaths(options.protectedPaths) }
        : {}),
      ...(searchPath !== undefined ? { engine: { searchPath } } : {}),
    });
  } catch (error) {
    throw SandboxError.isInstance(error) ? sandboxPrepareFailure(error) : error;
  }
  let child: ChildProcess;
  try {
    child = await startSandboxedProcess(spec, { stdio: ["pipe", "pipe", "pipe"] });
  } catch (error) {
    await spec.release();
    throw SandboxError.isInstance(error) ? sandboxPrepareFailure(error) : error;
  }
  return {
    child,
    killGroup() {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
      } catch {
        // The group is gone already.
      }
    },
    release: () => spec.release(),
  };
}
