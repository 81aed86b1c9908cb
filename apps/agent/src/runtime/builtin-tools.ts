import type { AgentTool } from "@earendil-works/pi-agent-core";
import { ToolError } from "@mono-agent/tools";
import { type CreateBuiltinToolsOptions, createBuiltinTools as createTools } from "@mono-agent/tools/node";
import { MonoAgentRuntimeError } from "./runtime-error.js";

export { BUILTIN_TOOL_NAMES, type CreateBuiltinToolsOptions } from "@mono-agent/tools/node";

/**
 * Build the enabled built-in tools (`createBuiltinTools` of `@mono-agent/tools/node`) wired to the
 * workspace, the sandbox and the protected host state. Throws `unknown_builtin_tool` as a
 * {@link MonoAgentRuntimeError} for a name outside `BUILTIN_TOOL_NAMES`.
 */
export function createBuiltinTools(options: CreateBuiltinToolsOptions): AgentTool[] {
  try {
    return createTools(options);
  } catch (error) {
    if (ToolError.isInstance(error) && error.code === "unknown_builtin_tool")
      throw new MonoAgentRuntimeError("unknown_builtin_tool", error.message, { cause: error });
    throw error;
  }
}
