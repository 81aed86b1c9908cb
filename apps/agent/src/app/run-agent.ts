import type { AgentTool } from "@mariozechner/pi-agent-core";
import type { LoadedConfig } from "@mono-agent/config";
import { evaluateTool, type ToolPolicy } from "@mono-agent/policy";
import type { ConversationStore } from "../conversations/conversation-store.js";
import { BUILTIN_TOOL_NAMES } from "../runtime/builtin-tools.js";
import type { ResolvedModel } from "../runtime/models.js";
import { connectMcpServers } from "../runtime/mcp-connect-servers.js";
import type { RunServerSpec } from "../runtime/mcp-server-spec.js";
import type { AppToolProvider, AppToolServers } from "./app-tool-provider.js";
import { createRunEventMapper } from "./run-event-mapper.js";
import type { RunEvent, RunStatus } from "./run-events.js";
import { resolveRunServerSpecs } from "./run-server-specs.js";
import { readSystemPrompt } from "./system-prompt.js";

/** One request to the agent. */
export interface RunRequest {
  /** The user's message. */
  input: string;
  /** `<channel>:<id>`; default `cli:default`. */
  conversationId?: string;
  /** Overrides `runtime.model` for this run (`<provider>:<modelId>`). */
  model?: string;
  /** Aborting it cancels the run (status `cancelled`). */
  signal?: AbortSignal;
  /** Receives the run's events as they happen. */
  onEvent?: (event: RunEvent) => void;
}

/** How a run ended. */
export interface RunResult {
  runId: string;
  conversationId: string;
  status: RunStatus;
  finalText: string;
  durationMs: number;
  model: string;
  warnings: { kind: string; message: string; serverName?: string }[];
  toolCalls: { name: string; isError: boolean; durationMs: number }[];
  usage: { input: number; output: number; totalTokens: number; costUsd: number };
  error?: { kind: string; message: string };
}

/** Everything a run needs from the app, prepared once at start. */
export interface RunAgentDependencies {
  loaded: LoadedConfig;
  env: Readonly<Record<string, string | undefined>>;
  policy: ToolPolicy;
  conversations: ConversationStore;
  appToolProviders: readonly AppToolProvider[];
  customModels: Readonly<Record<string, ResolvedModel>>;
}

export const DEFAULT_CONVERSATION_ID = "cli:default";

function offeredBuiltins(policy: ToolPolicy): string[] {
  return BUILTIN_TOOL_NAMES.filter((name) => evaluateTool(policy, name).decision === "offered");
}

/**
 * One run end to end: model, external + app-owned MCP servers connected in parallel, built-in tools
 * filtered by policy, the conversation restored, one Pi session, the new messages saved, then settle:
 * every MCP client and app-owned endpoint closed, whatever happened.
 */
export async function runAgent(
  deps: RunAgentDependencies,
  runId: string,
  request: RunRequest,
): Promise<RunResult> {
  const started = performance.now();
  const conversationId = request.conversationId ?? DEFAULT_CONVERSATION_ID;
  const { loaded, env } = deps;
  const modelRef = request.model ?? loaded.config.runtime.model;
  const warnings: RunResult["warnings"] = [];
  const toolCalls: RunResult["toolCalls"] = [];
  const emit = (event: RunEvent) => {
    if (event.type === "warning")
      warnings.push({
        kind: event.kind,
        message: event.message,
        ...(event.serverName ? { serverName: event.serverName } : {}),
      });
    if (event.type === "tool_finished")
      toolCalls.push({ name: event.name, isError: event.isError, durationMs: event.durationMs });
    request.onEvent?.(event);
  };
  const controller = new AbortController();
  const abort = () => controller.abort(request.signal?.reason);
  if (request.signal?.aborted) abort();
  request.signal?.addEventListener("abort", abort, { once: true });

  const [{ resolveModel }, { runPiSession }, { createBuiltinTools }] = await Promise.all([
    import("../runtime/models.js"),
    import("../runtime/pi-session.js"),
    import("../runtime/builtin-tools.js"),
  ]);
  const appServers: AppToolServers[] = [];
  let closeMcp: () => Promise<void> = async () => {};
  try {
    const resolvedModel =
      deps.customModels[modelRef] ??
      resolveModel({ modelRef, providers: loaded.config.models?.providers ?? {}, env });
    const external = resolveRunServerSpecs(loaded, env);
    for (const skipped of external.skipped) {
      emit({
        type: "warning",
        kind: "mcp_server_unavailable",
        serverName: skipped.serverName,
        message: skipped.message,
      });
    }
    const context = { runId, conversationId, signal: controller.signal };
    for (const provider of deps.appToolProviders) appServers.push(await provider(context));
    for (const warning of appServers.flatMap((entry) => entry.warnings ?? []))
      emit({ type: "warning", ...warning });
    const servers: RunServerSpec[] = [...external.servers, ...appServers.flatMap((entry) => entry.servers)];
    const mcp = await connectMcpServers({
      servers,
      hostEnv: env,
      passthrough: loaded.config.tools.mcpEnvPassthrough,
      runId,
      signal: controller.signal,
      toolOutputDir: `${loaded.artifactsDir}/tool-output`,
      callTimeoutMs: loaded.config.tools.mcpCallTimeoutMs,
      callMaxTotalTimeoutMs: loaded.config.tools.mcpCallMaxTotalTimeoutMs,
      onWarning: (warning) =>
        emit({
          type: "warning",
          kind: warning.kind,
          serverName: warning.serverName,
          message: warning.message,
        }),
      onProgress: (progress) =>
        emit({
          type: "tool_progress",
          toolCallId: progress.toolCallId,
          name: progress.name,
          message: progress.message ?? `${progress.progress}${progress.total ? `/${progress.total}` : ""}`,
        }),
    });
    closeMcp = mcp.close;
    const tools: AgentTool[] = [
      ...createBuiltinTools({
        workspaceDir: loaded.workspaceDir,
        env,
        enabled: offeredBuiltins(deps.policy),
      }),
      ...mcp.tools,
    ];
    emit({
      type: "run_started",
      runId,
      conversationId,
      model: resolvedModel.label,
      tools: tools.map((tool) => tool.name),
    });
    const mapEvent = createRunEventMapper();
    const session = await runPiSession({
      model: resolvedModel.model,
      getApiKey: resolvedModel.getApiKey,
      systemPrompt: await readSystemPrompt(loaded.instructionsPath),
      history: deps.conversations.loadMessages(conversationId),
      tools,
      prompt: request.input,
      signal: controller.signal,
      workspaceDir: loaded.workspaceDir,
      onEvent: (event) => {
        const mapped = mapEvent(event);
        if (mapped) emit(mapped);
      },
    });
    deps.conversations.appendMessages(conversationId, runId, session.newMessages);
    const result: RunResult = {
      runId,
      conversationId,
      status: session.status,
      finalText: session.finalText,
      durationMs: Math.round(performance.now() - started),
      model: resolvedModel.label,
      warnings,
      toolCalls,
      usage: {
        input: session.usage.input,
        output: session.usage.output,
        totalTokens: session.usage.totalTokens,
        costUsd: session.usage.costUsd,
      },
      ...(session.error ? { error: session.error } : {}),
    };
    emit({
      type: "run_finished",
      runId,
      status: result.status,
      finalText: result.finalText,
      durationMs: result.durationMs,
      ...(result.error ? { error: result.error } : {}),
    });
    return result;
  } catch (error) {
    // A failure before or around the session (model not resolvable, store unwritable) settles the run as
    // failed with the error's own code, so callers and the run record see one outcome shape.
    const kind = (error as { code?: unknown }).code;
    const result: RunResult = {
      runId,
      conversationId,
      status: "failed",
      finalText: "",
      durationMs: Math.round(performance.now() - started),
      model: modelRef,
      warnings,
      toolCalls,
      usage: { input: 0, output: 0, totalTokens: 0, costUsd: 0 },
      error: {
        kind: typeof kind === "string" ? kind : "runtime_error",
        message: error instanceof Error ? error.message : String(error),
      },
    };
    emit({
      type: "run_finished",
      runId,
      status: "failed",
      finalText: "",
      durationMs: result.durationMs,
      error: result.error as { kind: string; message: string },
    });
    return result;
  } finally {
    request.signal?.removeEventListener("abort", abort);
    await closeMcp();
    await Promise.allSettled(appServers.map((entry) => entry.cleanup()));
  }
}
