export { checkApprovalRules } from "./check/check-approval-rules.js";
export { checkBuiltinTools, type WebSearchResolution } from "./check/check-builtin-tools.js";
export { checkFileToolReach } from "./check/check-file-tool-reach.js";
export { checkToolPolicy } from "./check/check-tool-policy.js";
export { type CollectProtectedPathsInput, collectProtectedPaths } from "./check/collect-protected-paths.js";
export { resolveWebSearchProvider } from "./check/resolve-web-search-provider.js";
