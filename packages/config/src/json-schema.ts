import * as z from "zod";
import { mcpConfigFileSchema } from "./mcp-config-file-schema.js";
import { monoAgentConfigSchema } from "./mono-agent-config-schema.js";

/** Draft-07: the draft editors (VS Code, JetBrains) complete and check most fully. */
function toEditorJsonSchema(schema: z.ZodType, title: string): Record<string, unknown> {
  const generated = z.toJSONSchema(schema, { target: "draft-07", io: "input", unrepresentable: "any" });
  return { ...generated, title };
}

/** JSON Schema of `mono-agent.config.json`, generated from {@link monoAgentConfigSchema}; shipped as `schema/mono-agent.config.schema.json`. */
export function monoAgentConfigJsonSchema(): Record<string, unknown> {
  return toEditorJsonSchema(monoAgentConfigSchema, "mono-agent.config.json");
}

/** JSON Schema of `mcp.json`, generated from {@link mcpConfigFileSchema}; shipped as `schema/mcp.schema.json`. */
export function mcpConfigJsonSchema(): Record<string, unknown> {
  return toEditorJsonSchema(mcpConfigFileSchema, "mcp.json");
}
