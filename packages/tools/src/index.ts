export { isInsideDirectory } from "./is-inside-directory.js";
export type { ProtectedNames, ProtectedPaths } from "./protected-paths.js";
export { ToolError, type ToolErrorCode } from "./tool-error.js";
