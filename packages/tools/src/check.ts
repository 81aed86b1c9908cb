export { checkBuiltinTools, type WebSearchResolution } from "./check-builtin-tools.js";
export { checkToolPolicy } from "./check-tool-policy.js";
