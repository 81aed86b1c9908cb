import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from "@modelcontextprotocol/sdk/types.js";

/**
 * One MCP server named `name` that offers the tools of every server in `servers` (each a fresh server for
 * this request): AskUser and SlackSendMessage share the `mono-agent-adapter-send` name, so a run offered
 * both gets one server with both tools. Inner servers are reached over in-memory transports, connected on
 * the first request and closed with the outer server. A tool name offered twice goes to the first server.
 */
export function mergeMcpServers(name: string, servers: readonly McpServer[]): McpServer {
  const outer = new McpServer({ name, version: "1.0.0" }, { capabilities: { tools: {} } });
  let connected: Promise<{ client: Client; tools: Tool[] }[]> | undefined;
  const clients = () => {
    connected ??= Promise.all(
      servers.map(async (server) => {
        const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
        await server.connect(serverSide);
        const client = new Client({ name: `${name}-merge`, version: "1.0.0" });
        await client.connect(clientSide);
        return { client, tools: (await client.listTools()).tools };
      }),
    );
    return connected;
  };
  outer.server.setRequestHandler(ListToolsRequestSchema, async () => {
    const seen = new Set<string>();
    const tools: Tool[] = [];
    for (const inner of await clients())
      for (const tool of inner.tools) if (!seen.has(tool.name) && seen.add(tool.name)) tools.push(tool);
    return { tools };
  });
  outer.server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const owner = (await clients()).find((inner) =>
      inner.tools.some((tool) => tool.name === request.params.name),
    );
    if (!owner)
      return {
        isError: true,
        content: [{ type: "text" as const, text: `Unknown tool "${request.params.name}".` }],
      };
    return (await owner.client.callTool(request.params, undefined, {
      signal: extra.signal,
      timeout: 2_147_483_647,
    })) as never;
  });
  const close = outer.close.bind(outer);
  outer.close = async () => {
    const inner = connected ? await connected.catch(() => []) : [];
    await Promise.allSettled(inner.map((entry) => entry.client.close()));
    await Promise.allSettled(servers.map((server) => server.close()));
    await close();
  };
  return outer;
}
