import type { SandboxConfig } from "@mono-agent/config";

/** A sandbox policy: the `sandbox` block of the config after defaults (or a merge of it with a request). */
export type SandboxPolicy = SandboxConfig;

/** The network modes, narrowest first. */
export type SandboxNetworkMode = SandboxPolicy["network"]["mode"];

/**
 * What one request may ask for on top of the config: every field optional, and each one can only narrow
 * the config (see `mergeSandboxPolicy`).
 */
export interface SandboxPolicyRequest {
  mode?: SandboxPolicy["mode"];
  network?: { mode?: SandboxNetworkMode; allowlist?: readonly string[] };
  readableRoots?: readonly string[];
  writableRoots?: readonly string[];
  denyWrite?: readonly string[];
  allowGitWrites?: boolean;
  fallback?: SandboxPolicy["fallback"];
  unsafeAllowHostProcess?: boolean;
}
