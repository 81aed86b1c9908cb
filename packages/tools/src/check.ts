export { checkBuiltinTools, type WebSearchResolution } from "./check/check-builtin-tools.js";
export { checkFileToolReach } from "./check/check-file-tool-reach.js";
export { checkToolPolicy } from "./check/check-tool-policy.js";
