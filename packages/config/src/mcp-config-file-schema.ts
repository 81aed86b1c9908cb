import * as z from "zod";
import { mcpServerNameSchema } from "./schema/mcp-server-name.js";
import { mcpServerSpecSchema } from "./schema/mcp-server-spec-schema.js";

/** Schema of an `mcp.json` file: `{ "mcpServers": { "<name>": spec } }`. */
export const mcpConfigFileSchema = z
  .strictObject({
    $schema: z.string().optional().describe("JSON Schema of this file, for editors."),
    mcpServers: z.record(mcpServerNameSchema, mcpServerSpecSchema).describe("MCP servers keyed by name."),
  })
  .describe("mcp.json: MCP servers the agent attaches.");

export type McpConfigFile = z.output<typeof mcpConfigFileSchema>;
