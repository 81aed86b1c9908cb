import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { mergeMcpServers } from "@mono-agent/http-kit/mcp";
import { type AnswerersRules, askAudience } from "@mono-agent/interaction";
import type { InteractionHost } from "@mono-agent/interaction/host";
import { ASK_USER_TOOL_NAME, createAskUserServer } from "@mono-agent/interaction/node";
import { ADAPTER_SEND_SERVER_NAME, evaluateTool, type ToolPolicy } from "@mono-agent/policy";
import type { AppToolProvider, AppToolRunContext } from "../tools/app-tool-provider.js";
import { requestScopedToolProvider } from "../tools/request-scoped-tool-provider.js";

/**
 * Whether AskUser is offered to a run: the policy offers it (name, alias `ask_user`, or an
 * `mcp__mono-agent-adapter-send__` spelling; allow-all offers it) and the run's conversation reaches
 * someone who may answer (`interaction.answerers`) through a channel that can answer now: a `cli:` run
 * without a TTY, or a triggered run whose channel no approver is in, is not offered it.
 */
export function isAskUserOffered(
  policy: ToolPolicy,
  host: InteractionHost,
  answerers: AnswerersRules,
  run: AppToolRunContext,
): boolean {
  const reachable = host.broker.canAnswer(
    "question",
    run.conversationId,
    askAudience(answerers, "question", run.startedBy),
  );
  return (
    evaluateTool(policy, ASK_USER_TOOL_NAME, { adapters: { askUser: reachable } }).decision === "offered"
  );
}

/**
 * Other tools of the `mono-agent-adapter-send` server (SlackSendMessage): served beside AskUser on the same
 * server when both are offered, alone when only they are.
 */
export interface AdapterSendTools {
  isOffered(run: AppToolRunContext): boolean;
  /** A fresh server with the tools, for one request of the run. */
  createServer(run: AppToolRunContext): McpServer;
}

/**
 * The AskUser provider: a request-scoped `mono-agent-adapter-send` server per run it is offered to, with
 * the host's other adapter send tools (`extra`) on the same server.
 */
export function askUserProvider(
  policy: ToolPolicy,
  host: InteractionHost,
  answerers: AnswerersRules,
  extra?: AdapterSendTools,
): AppToolProvider {
  const offered = (run: AppToolRunContext) => isAskUserOffered(policy, host, answerers, run);
  const provider = requestScopedToolProvider({
    serverName: ADAPTER_SEND_SERVER_NAME,
    isOffered: (run) => offered(run) || extra?.isOffered(run) === true,
    createServer: (run) => {
      const servers = [
        ...(offered(run)
          ? [
              createAskUserServer({
                broker: host.broker,
                runId: run.runId,
                conversationId: run.conversationId,
                timeoutMs: host.askUserTimeoutMs,
                signal: run.signal,
                audience: askAudience(answerers, "question", run.startedBy),
              }),
            ]
          : []),
        ...(extra?.isOffered(run) ? [extra.createServer(run)] : []),
      ];
      return servers.length === 1
        ? (servers[0] as McpServer)
        : mergeMcpServers(ADAPTER_SEND_SERVER_NAME, servers);
    },
  });
  return async (run) => {
    const provided = await provider(run);
    return {
      ...provided,
      // A wait for a person: the idle timeout is the ask's own, and no expiry means no absolute cap either.
      servers: provided.servers.map((server) => ({
        ...server,
        options: { ...server.options, ...host.askUserCallTimeouts() },
      })),
    };
  };
}
