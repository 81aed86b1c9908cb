export { checkBuiltinTools, type WebSearchResolution } from "./check/check-builtin-tools.js";
export { checkToolPolicy } from "./check/check-tool-policy.js";
