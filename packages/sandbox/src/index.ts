export { allowlistAllowsHost } from "./allowlist-allows-host.js";
export { type MergeSandboxPolicyOptions, mergeSandboxPolicy } from "./merge-sandbox-policy.js";
export { SandboxError, type SandboxErrorCode } from "./sandbox-error.js";
export type { SandboxNetworkMode, SandboxPolicy, SandboxPolicyRequest } from "./sandbox-policy.js";
export { sandboxPolicyForRun } from "./sandbox-policy-for-run.js";
