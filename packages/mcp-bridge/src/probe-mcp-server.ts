import {
  type ConnectedServerInfo,
  type ConnectMcpServersOptions,
  connectMcpServers,
} from "./connect-mcp-servers.js";
import { mcpAgentToolInfo } from "./mcp-agent-tool.js";
import type { RunServerSpec } from "./run-server-spec.js";

/** One tool of a probed server, as the model sees it. */
export interface ProbedMcpTool {
  /** The name the model sees: `mcp__<server>__<tool>`. */
  name: string;
  description: string;
  /** The JSON Schema of its arguments, as given to the model. */
  parameters: unknown;
  /** The server's MCP tool annotations (readOnlyHint, destructiveHint ...), when the bridge reports them. */
  annotations?: Record<string, unknown>;
}

/** One MCP prompt of a probed server. */
export interface ProbedMcpPrompt {
  name: string;
  description?: string;
  arguments: readonly { name: string; description?: string; required?: boolean }[];
}

/** The outcome of connecting one server with {@link probeMcpServer}. */
export interface McpServerProbe {
  name: string;
  /** `stdio`, `http`, `sse`, or `auto` (streamable HTTP with SSE fallback, when it did not connect). */
  transport: string;
  status: "connected" | "failed";
  /** The protocol era it connected in (`modern` = MCP 2026-07-28, `legacy` = 2025-11-25). */
  protocolEra?: "legacy" | "modern";
  /** Time from the start of the connect to connected or failed, in ms. */
  durationMs: number;
  error?: string;
  errorCode?: string;
  tools: ProbedMcpTool[];
  /** Its MCP prompts (none when it failed, or when listing them failed). */
  prompts: ProbedMcpPrompt[];
}

/** Options of {@link probeMcpServer}: those of a run's connect, for one server. */
export type ProbeMcpServerOptions = Omit<ConnectMcpServersOptions, "servers">;

/**
 * Connects one server the way a run does (within its connect timeout), lists its tools and prompts,
 * and closes it: what `mono-agent mcp list` and `validate --connect` show. Never throws for a server
 * that fails; the failure is the result's `status`, `error` and `errorCode`.
 */
export async function probeMcpServer(
  spec: RunServerSpec,
  options: ProbeMcpServerOptions,
): Promise<McpServerProbe> {
  const started = performance.now();
  const connected = await connectMcpServers({ ...options, servers: [spec] });
  const durationMs = Math.round(performance.now() - started);
  try {
    const info: ConnectedServerInfo | undefined = connected.servers[0];
    const prompts =
      info?.status === "connected" ? await connected.listPrompts(spec.name).catch(() => []) : [];
    return {
      name: spec.name,
      transport: info?.transport ?? spec.transport,
      status: info?.status ?? "failed",
      ...(info?.protocolEra ? { protocolEra: info.protocolEra } : {}),
      durationMs,
      ...(info?.error ? { error: info.error } : {}),
      ...(info?.errorCode ? { errorCode: info.errorCode } : {}),
      tools: connected.tools.map((tool) => {
        const annotations = mcpAgentToolInfo(tool)?.annotations;
        return {
          name: tool.name,
          description: tool.description,
          parameters: tool.parameters,
          ...(annotations ? { annotations } : {}),
        };
      }),
      prompts: prompts.map((prompt) => ({
        name: prompt.name,
        ...(prompt.description ? { description: prompt.description } : {}),
        arguments: prompt.arguments,
      })),
    };
  } finally {
    await connected.close();
  }
}
