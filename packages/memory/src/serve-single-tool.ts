import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  type CallToolResult,
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type ToolAnnotations,
} from "@modelcontextprotocol/sdk/types.js";

/** One tool served with a hand-written JSON Schema; arguments reach `handle` unparsed. */
export interface SingleToolDefinition {
  serverName: string;
  toolName: string;
  description: string;
  inputSchema: { type: "object"; properties: Record<string, object>; [key: string]: unknown };
  annotations?: ToolAnnotations;
  /** Validates and answers one call; never throws for bad input (returns an error result). */
  handle(args: Record<string, unknown>, signal: AbortSignal): Promise<CallToolResult>;
}

/** Package version reported in the MCP handshake. */
const SERVER_VERSION = "0.0.0";

/**
 * An McpServer serving exactly one tool through the low-level request handlers, so the tool owns
 * its input validation and answers every bad argument with its own closed error codes instead of
 * the SDK's generic validation error.
 */
export function serveSingleTool(tool: SingleToolDefinition): McpServer {
  const server = new McpServer({ name: tool.serverName, version: SERVER_VERSION });
  server.server.registerCapabilities({ tools: {} });
  server.server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
      {
        name: tool.toolName,
        description: tool.description,
        inputSchema: tool.inputSchema,
        ...(tool.annotations ? { annotations: tool.annotations } : {}),
      },
    ],
  }));
  server.server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    if (request.params.name !== tool.toolName) {
      return errorText(`Unknown tool "${request.params.name}"; this server serves ${tool.toolName}.`);
    }
    const args = request.params.arguments ?? {};
    return tool.handle(args, extra.signal);
  });
  return server;
}

/** An error result carrying one text block. */
export function errorText(text: string): CallToolResult {
  return { isError: true, content: [{ type: "text", text }] };
}
