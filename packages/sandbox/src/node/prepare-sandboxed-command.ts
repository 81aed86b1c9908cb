import { realpathSync } from "node:fs";
import { basename, dirname, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { isPathInside } from "../resolve-posix-path.js";
import { SandboxError } from "../sandbox-error.js";
import type { SandboxPolicy } from "../sandbox-policy.js";
import { loopbackListeningPorts } from "./loopback-listening-ports.js";
import { gitHostConfigurationPaths } from "./git-host-configuration.js";
import { bubblewrapMountArgs, type ExpectedMount } from "./mount-plan.js";
import { releasePlaceholders } from "./placeholders.js";
import { planSandboxMounts } from "./plan-sandbox-mounts.js";
import { namespaceFlags, probeSandboxEngine } from "./probe-sandbox-engine.js";
import { type NetworkRelay, startNetworkRelay } from "./start-network-relay.js";

/** The helper that gives a sandbox its network in `localhost` and `allowlist` modes (runs inside, under Node). */
const NETWORK_HELPER = fileURLToPath(new URL("./sandbox-network-helper.mjs", import.meta.url));

/** Host paths the sandbox must never show, whatever the roots say (absolute). */
export interface ProtectedPaths {
  /** Hidden: a file reads as empty, a folder as an empty read-only folder; a missing one cannot be created. */
  noAccess: readonly string[];
  /** Read-only: readable, never written, renamed or created. */
  readOnly: readonly string[];
}

/** Options of {@link prepareSandboxedCommand}. */
export interface PrepareSandboxedCommandOptions {
  /** The sandbox policy (the config's `sandbox` block, or a merge of it); roots relative to `workspaceDir`. */
  policy: SandboxPolicy;
  /** The workspace, absolute and existing. */
  workspaceDir: string;
  /** The command and its arguments, run as is (no shell): `["bash", "-c", script]`, `["node", "repl.js"]`. */
  argv: readonly string[];
  /** The complete environment of the command; nothing of the host is added to it. */
  env: Readonly<Record<string, string>>;
  /** Working directory of the command (default the workspace); must be inside a root. */
  cwd?: string;
  /** Paths of the host's own state, hidden or read-only in the sandbox (see {@link ProtectedPaths}). */
  protectedPaths?: ProtectedPaths;
  /** The home folder the command sees, empty and private (default `env.HOME`). */
  homeDir?: string;
  /** Where to find bwrap: `searchPath` (the host's PATH) or an explicit `bwrapPath`. */
  engine?: { searchPath?: string; bwrapPath?: string };
}

/** How to spawn a prepared command. */
export interface SandboxSpawnSpec {
  /** `bubblewrap`: confined. `host-process`: unconfined (`sandbox.mode` off, or the unsafe fallback). */
  engine: "bubblewrap" | "host-process";
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
  /** Set for a `host-process` spec: why the command is not confined, as a warning to show. */
  unconfined?: { reason: "mode_off" | "unsafe_fallback"; message: string };
  /** Protected paths `startSandboxedProcess` checks in the sandbox before the command runs. */
  expectedMounts: readonly ExpectedMount[];
  /** Gives back what the sandbox holds (network relay, placeholders); call after the process exited. Idempotent. */
  release(): Promise<void>;
}

/** The real path of `path`, or undefined when it does not exist (synchronous: one fast syscall). */
function realOrUndefined(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

async function existingRealRoots(workspaceDir: string, roots: readonly string[]): Promise<string[]> {
  const resolved: string[] = [];
  for (const root of roots) {
    const real = realOrUndefined(resolve(workspaceDir, root));
    if (real !== undefined && !resolved.includes(real)) resolved.push(real);
  }
  return resolved;
}

/** `path` with symlinks resolved as far as it exists; the missing rest is appended as written. */
async function canonicalPath(path: string): Promise<string> {
  const absolute = resolve(path);
  const real = realOrUndefined(absolute);
  if (real !== undefined) return real;
  const parent = dirname(absolute);
  return parent === absolute ? absolute : join(await canonicalPath(parent), basename(absolute));
}

async function canonicalPaths(paths: readonly string[] | undefined): Promise<string[]> {
  return Promise.all((paths ?? []).map(canonicalPath));
}

function unconfinedSpec(
  options: PrepareSandboxedCommandOptions,
  unconfined: NonNullable<SandboxSpawnSpec["unconfined"]>,
): SandboxSpawnSpec {
  const [command, ...args] = options.argv as [string, ...string[]];
  return {
    engine: "host-process",
    command,
    args,
    env: { ...options.env },
    cwd: options.cwd ?? options.workspaceDir,
    unconfined,
    expectedMounts: [],
    release: async () => {},
  };
}

/**
 * Turns a sandbox policy and a command into a spawn spec. With `mode: "native"` the command runs in
 * bubblewrap: new pid, mount, network, IPC and UTS namespaces (and a user namespace where the host
 * allows one, with further ones disabled), no capabilities, a fresh /proc, dies with its parent; the
 * file system is planned by `planSandboxMounts`; the network follows `policy.network.mode` (`none`:
 * loopback of its own only; `localhost`: the host's loopback TCP services, forwarded; `allowlist`: an
 * HTTP(S) proxy that lets only the listed hosts through; `all`: the host's network). With `mode: "off"`
 * the spec runs the command on the host, marked `unconfined`. Unless `policy.allowGitWrites`, git's host
 * configuration in each writable root (see `gitHostConfigurationPaths`) is read-only, as if protected. A missing engine throws
 * `sandbox_unavailable` naming how to install it, unless the policy allows the unsafe host fallback.
 * Throws `sandbox_prepare_failed` when the command cannot be confined as asked, and
 * `invalid_sandbox_request` for an empty argv or a relative workspace.
 */
export async function prepareSandboxedCommand(
  options: PrepareSandboxedCommandOptions,
): Promise<SandboxSpawnSpec> {
  const { policy } = options;
  if (options.argv.length === 0 || options.argv[0] === "")
    throw new SandboxError(
      "invalid_sandbox_request",
      'argv must hold the command to run, e.g. ["bash", "-c", "ls"]',
    );
  if (!isAbsolute(options.workspaceDir))
    throw new SandboxError(
      "invalid_sandbox_request",
      `workspaceDir must be absolute, got ${options.workspaceDir}`,
    );
  if (policy.mode === "off")
    return unconfinedSpec(options, {
      reason: "mode_off",
      message:
        'sandbox.mode is "off": the command runs on the host with the rights of mono-agent (files, network, processes)',
    });
  const engine = await probeSandboxEngine(options.engine);
  if (!engine.available || engine.path === undefined) {
    if (policy.fallback === "unsafe-host-process" && policy.unsafeAllowHostProcess)
      return unconfinedSpec(options, {
        reason: "unsafe_fallback",
        message: `the sandbox engine is unavailable (${engine.problem}); sandbox.fallback "unsafe-host-process" runs the command unconfined on the host`,
      });
    throw new SandboxError("sandbox_unavailable", engine.problem ?? "the sandbox engine is unavailable");
  }
  const workspaceDir = realOrUndefined(options.workspaceDir);
  if (workspaceDir === undefined)
    throw new SandboxError("sandbox_prepare_failed", `the workspace ${options.workspaceDir} does not exist`);
  const readableRoots = await existingRealRoots(workspaceDir, policy.readableRoots);
  const writableRoots = await existingRealRoots(workspaceDir, policy.writableRoots);
  const cwd =
    realOrUndefined(resolve(workspaceDir, options.cwd ?? ".")) ?? resolve(workspaceDir, options.cwd ?? ".");
  if (![...readableRoots, ...writableRoots].some((root) => isPathInside(root, cwd)))
    throw new SandboxError(
      "sandbox_prepare_failed",
      `the working directory ${cwd} is outside every sandbox root (readableRoots ${JSON.stringify(policy.readableRoots)}, writableRoots ${JSON.stringify(policy.writableRoots)}); add it to sandbox.readableRoots or sandbox.writableRoots`,
    );
  const mode = policy.network.mode;
  let relay: NetworkRelay | undefined;
  let argv = [...options.argv];
  const readOnlyFiles: string[] = [];
  const held: string[] = [];
  let released: Promise<void> | undefined;
  const release = () => {
    released ??= (async () => {
      await relay?.close();
      await releasePlaceholders(held.splice(0));
    })();
    return released;
  };
  try {
    if (mode === "localhost" || mode === "allowlist") {
      relay = await startNetworkRelay({ mode, allowlist: policy.network.allowlist });
      const node = realpathSync(process.execPath);
      const helper = realpathSync(NETWORK_HELPER);
      readOnlyFiles.push(node, helper);
      const network =
        mode === "localhost" ? ["--forward", (await loopbackListeningPorts()).join(",")] : ["--proxy"];
      argv = [node, helper, "--relay", relay.socketPath, ...network, "--", ...argv];
    }
    const homeDir = options.homeDir ?? options.env["HOME"];
    const gitPaths = policy.allowGitWrites
      ? []
      : writableRoots.flatMap((root) => gitHostConfigurationPaths(root).map((entry) => entry.path));
    const plan = await planSandboxMounts({
      readableRoots,
      writableRoots,
      denyWrite: policy.denyWrite,
      protectedPaths: {
        noAccess: await canonicalPaths(options.protectedPaths?.noAccess),
        readOnly: await canonicalPaths([...(options.protectedPaths?.readOnly ?? []), ...gitPaths]),
      },
      ...(homeDir ? { homeDir } : {}),
      readOnlyFiles,
      ...(relay ? { engineBinds: [{ source: relay.directory, path: relay.directory }] } : {}),
    });
    held.push(...plan.placeholders);
    return {
      engine: "bubblewrap",
      command: engine.path,
      args: [
        ...namespaceFlags(engine.userNamespaces),
        ...(mode === "all" ? ["--share-net"] : []),
        ...bubblewrapMountArgs(plan.steps),
        "--chdir",
        cwd,
        "--",
        ...argv,
      ],
      env: { ...options.env, TMPDIR: "/tmp", ...(homeDir ? { HOME: homeDir } : {}) },
      cwd,
      expectedMounts: plan.expected,
      release,
    };
  } catch (error) {
    await release();
    throw error;
  }
}
