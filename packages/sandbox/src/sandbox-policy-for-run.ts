import type { LoadedConfig } from "@mono-agent/config";
import { mergeSandboxPolicy } from "./merge-sandbox-policy.js";
import type { SandboxPolicy, SandboxPolicyRequest } from "./sandbox-policy.js";

/** The run's sandbox policy: the config's, narrowed by the request's when it brings one. */
export function sandboxPolicyForRun(
  loaded: LoadedConfig,
  request: SandboxPolicyRequest | undefined,
): SandboxPolicy {
  return request === undefined
    ? loaded.config.sandbox
    : mergeSandboxPolicy(loaded.config.sandbox, request, { workspaceDir: loaded.workspaceDir });
}
