import { execFile } from "node:child_process";
import { resolveExecutable } from "./resolve-executable.js";

/** How to get the engine, as every "unavailable" message says it. */
export const BUBBLEWRAP_INSTALL_HINT =
  "install bubblewrap (Debian/Ubuntu: `apt-get install bubblewrap`; Fedora: `dnf install bubblewrap`; Arch: `pacman -S bubblewrap`)";

/** Where bwrap is looked for when the host gives no PATH: the usual system folders. */
export const DEFAULT_ENGINE_SEARCH_PATH = "/usr/local/bin:/usr/bin:/bin";

/**
 * How long one probe command may take, in ms. `bwrap --version` answers in a few ms and a trial sandbox
 * in tens of ms (measured on a loaded 2-CPU machine); 10 s only guards against a hung engine.
 */
export const ENGINE_PROBE_TIMEOUT_MS = 10_000;

/** What {@link probeSandboxEngine} found. */
export interface SandboxEngineStatus {
  engine: "bubblewrap";
  available: boolean;
  /** The bwrap executable, when found. */
  path?: string;
  /** Its version line, e.g. `bubblewrap 0.8.0`. */
  version?: string;
  /** True when bwrap can make a user namespace here, so `--disable-userns` hardens the sandbox. */
  userNamespaces: boolean;
  /** Why the engine cannot be used, naming the fix; set when `available` is false. */
  problem?: string;
}

function run(
  file: string,
  args: readonly string[],
): Promise<{ ok: boolean; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      file,
      [...args],
      { env: { PATH: DEFAULT_ENGINE_SEARCH_PATH }, timeout: ENGINE_PROBE_TIMEOUT_MS, encoding: "utf8" },
      (error, stdout, stderr) => resolve({ ok: !error, stdout, stderr }),
    );
  });
}

/** The namespace flags of every sandbox, with or without a user namespace of its own. */
export function namespaceFlags(userNamespaces: boolean): string[] {
  return [
    "--unshare-all",
    ...(userNamespaces ? ["--unshare-user", "--disable-userns"] : []),
    // No --new-session: the sandbox stays in bwrap's process group, so killing that group (timeout,
    // abort, the watchdog when the host dies) reaches the command too. The group's session is already new
    // and has no terminal, so a command cannot inject input into the host's terminal either.
    // --as-pid-1: the command is the sandbox's init, so --die-with-parent covers it (bwrap 0.8 does not
    // set it on an init of its own) and no extra process is forked.
    "--die-with-parent",
    "--as-pid-1",
    "--cap-drop",
    "ALL",
  ];
}

const TRIAL = ["--ro-bind", "/", "/", "--proc", "/proc", "--dev", "/dev", "--", "/bin/true"];

async function probe(options: { searchPath?: string; bwrapPath?: string }): Promise<SandboxEngineStatus> {
  const missing = (problem: string): SandboxEngineStatus => ({
    engine: "bubblewrap",
    available: false,
    userNamespaces: false,
    problem,
  });
  if (process.platform !== "linux")
    return missing(
      `the sandbox engine bubblewrap needs Linux (this is ${process.platform}); run mono-agent on Linux to confine Bash, or set sandbox.mode to "off" to run it unconfined`,
    );
  const path =
    options.bwrapPath ??
    resolveExecutable("bwrap", { path: options.searchPath ?? DEFAULT_ENGINE_SEARCH_PATH });
  if (path === undefined)
    return missing(`the sandbox engine bubblewrap (bwrap) is not installed: ${BUBBLEWRAP_INSTALL_HINT}`);
  // The version and the first trial run side by side: one engine start less to wait for.
  const [version, withUserNamespace] = await Promise.all([
    run(path, ["--version"]),
    run(path, [...namespaceFlags(true), ...TRIAL]),
  ]);
  if (!version.ok)
    return missing(`${path} --version failed (${version.stderr.trim()}); ${BUBBLEWRAP_INSTALL_HINT}`);
  const found = { engine: "bubblewrap" as const, path, version: version.stdout.trim() };
  if (withUserNamespace.ok) return { ...found, available: true, userNamespaces: true };
  const withoutUserNamespace = await run(path, [...namespaceFlags(false), ...TRIAL]);
  if (withoutUserNamespace.ok) return { ...found, available: true, userNamespaces: false };
  return {
    ...found,
    available: false,
    userNamespaces: false,
    problem: `${path} cannot create a sandbox here (${withoutUserNamespace.stderr.trim() || "it failed without a message"}); allow unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1, or on Ubuntu 24.04+ an AppArmor profile for bwrap), or run in a container that permits them`,
  };
}

const probes = new Map<string, Promise<SandboxEngineStatus>>();

/**
 * Finds bubblewrap (`bwrapPath`, else `bwrap` on `searchPath`) and checks it can build a sandbox here:
 * first with a user namespace of its own (unprivileged hosts), then without one (setuid installs). The
 * answer is kept for the life of the process, per path searched. Never throws.
 */
export function probeSandboxEngine(
  options: { searchPath?: string; bwrapPath?: string } = {},
): Promise<SandboxEngineStatus> {
  const key = `${options.bwrapPath ?? ""}\0${options.searchPath ?? ""}`;
  let probed = probes.get(key);
  if (!probed) {
    probed = probe(options);
    probes.set(key, probed);
  }
  return probed;
}
