import { intersectAllowlists } from "./allowlist-allows-host.js";
import { isPathInside, resolvePosixPath } from "./resolve-posix-path.js";
import { SandboxError } from "./sandbox-error.js";
import type { SandboxNetworkMode, SandboxPolicy, SandboxPolicyRequest } from "./sandbox-policy.js";

/** Options of {@link mergeSandboxPolicy}. */
export interface MergeSandboxPolicyOptions {
  /** Absolute workspace directory: relative roots of both sides are resolved against it. */
  workspaceDir: string;
}

/** Roots both lists reach: for each pair, the deeper one when one contains the other. */
function intersectRoots(first: readonly string[], second: readonly string[]): string[] {
  const kept = new Set<string>();
  for (const a of first)
    for (const b of second) {
      if (isPathInside(a, b)) kept.add(b);
      else if (isPathInside(b, a)) kept.add(a);
    }
  return [...kept].filter((root) => ![...kept].some((other) => other !== root && isPathInside(other, root)));
}

function mergeNetwork(
  base: SandboxPolicy["network"],
  request: SandboxPolicyRequest["network"],
): SandboxPolicy["network"] {
  const mode: SandboxNetworkMode = request?.mode ?? base.mode;
  const requested = { mode, allowlist: [...(request?.allowlist ?? base.allowlist)] };
  const rank = (candidate: SandboxNetworkMode) => (candidate === "none" ? 0 : candidate === "all" ? 2 : 1);
  if (rank(base.mode) === 0 || rank(requested.mode) === 0) return { mode: "none", allowlist: [] };
  if (base.mode === "all") return requested;
  if (requested.mode === "all") return { mode: base.mode, allowlist: [...base.allowlist] };
  if (base.mode === requested.mode)
    return base.mode === "localhost"
      ? { mode: "localhost", allowlist: [] }
      : { mode: "allowlist", allowlist: intersectAllowlists(base.allowlist, requested.allowlist) };
  // localhost on one side, allowlist on the other: only the loopback names the allowlist lists survive.
  const allowlist = base.mode === "allowlist" ? base.allowlist : requested.allowlist;
  const loopback = intersectAllowlists(allowlist, ["localhost", "127.0.0.1"]);
  return loopback.length > 0 ? { mode: "allowlist", allowlist: loopback } : { mode: "none", allowlist: [] };
}

/**
 * Lays a request's sandbox policy over the config's, so that the result is never wider than the config:
 * the mode is `native` when either side asks for it; readable and writable roots are intersected (a root
 * of one side inside a root of the other keeps the deeper one; the result is absolute); denyWrite lists
 * are united; the network only narrows (`none` < `localhost`, `allowlist` < `all`; two allowlists keep the
 * hosts both allow; `localhost` with an allowlist keeps its loopback entries); the fallback is
 * `fail-closed` when either side says so; `unsafeAllowHostProcess` and `allowGitWrites` only when both allow it. Throws
 * `invalid_sandbox_request` for a relative `workspaceDir`.
 */
export function mergeSandboxPolicy(
  base: SandboxPolicy,
  request: SandboxPolicyRequest,
  options: MergeSandboxPolicyOptions,
): SandboxPolicy {
  if (!options.workspaceDir.startsWith("/"))
    throw new SandboxError(
      "invalid_sandbox_request",
      `workspaceDir must be an absolute path, got ${JSON.stringify(options.workspaceDir)}`,
    );
  const absolute = (roots: readonly string[]) =>
    roots.map((root) => resolvePosixPath(options.workspaceDir, root));
  const unsafeAllowHostProcess = base.unsafeAllowHostProcess && (request.unsafeAllowHostProcess ?? true);
  const fallback =
    base.fallback === "fail-closed" || request.fallback === "fail-closed" || !unsafeAllowHostProcess
      ? "fail-closed"
      : "unsafe-host-process";
  return {
    mode: base.mode === "native" || request.mode === "native" ? "native" : "off",
    network: mergeNetwork(base.network, request.network),
    readableRoots: intersectRoots(
      absolute(base.readableRoots),
      absolute(request.readableRoots ?? base.readableRoots),
    ),
    writableRoots: intersectRoots(
      absolute(base.writableRoots),
      absolute(request.writableRoots ?? base.writableRoots),
    ),
    denyWrite: [...new Set([...base.denyWrite, ...(request.denyWrite ?? [])])],
    allowGitWrites: base.allowGitWrites && (request.allowGitWrites ?? true),
    fallback,
    unsafeAllowHostProcess,
  };
}
