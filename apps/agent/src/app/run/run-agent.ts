import { setMaxListeners } from "node:events";
import type { AgentTool } from "@earendil-works/pi-agent-core";
import type { LoadedConfig } from "@mono-agent/config";
import { askAudience, askEvent, createApprovalGate } from "@mono-agent/interaction";
import type { InteractionHost } from "@mono-agent/interaction/host";
import { elicitationPortFor } from "@mono-agent/interaction/node";
import {
  createMcpResourcesTool,
  MCP_RESOURCES_TOOL_NAME,
  type McpTaskHandoff,
  mcpAgentToolInfo,
  type RunServerSpec,
  resolveRunServerSpecs,
  type StdioLauncher,
} from "@mono-agent/mcp-bridge";
import type { PrelaunchingStdioLauncher } from "@mono-agent/mcp-bridge/stdio";
import type { HostSecrets } from "@mono-agent/mcp-env";
import { approvalRequireWithCapabilities, evaluateTool, type ToolPolicy } from "@mono-agent/policy";
import { createRunEventMapper, redactStrings } from "@mono-agent/run-history/recorder";
import { sandboxPolicyForRun } from "@mono-agent/sandbox";
import { CONFINED_TOOLS, sandboxRunWarnings } from "@mono-agent/sandbox/node";
import type { ProtectedPaths } from "@mono-agent/tools";
import { BUILTIN_TOOL_NAMES } from "@mono-agent/tools/node";
import type { ConversationStore } from "../../conversations/conversation-store.js";
import type { ResolvedModel } from "../../runtime/models.js";
import type { AppToolProvider } from "../tools/app-tool-provider.js";
import { createRunEventRedactor, type RunEvent, type RunStatus } from "./run-events.js";
import { promptInput, startRunMcpServers } from "./run-mcp-servers.js";
import type { HistoryAugmenter, RunObserver, RunServerPreparer, RunStartInfo } from "./run-observer.js";
import type { RunRequest, RunResult } from "./run-request.js";
import { readSystemPrompt } from "./system-prompt.js";

export type { RunRequest, RunResult } from "./run-request.js";

/** Everything a run needs from the app, prepared once at start. */
export interface RunAgentDependencies {
  loaded: LoadedConfig;
  env: Readonly<Record<string, string | undefined>>;
  policy: ToolPolicy;
  conversations: ConversationStore;
  appToolProviders: readonly AppToolProvider[];
  customModels: Readonly<Record<string, ResolvedModel>>;
  observers: readonly RunObserver[];
  preparers: readonly RunServerPreparer[];
  /** Change the restored messages before the Pi session sees them (the SessionHistory cold reseed), in order. */
  historyAugmenters?: readonly HistoryAugmenter[];
  /** Host state the built-in file tools never reach (`collectProtectedPaths`). */
  protectedPaths?: ProtectedPaths;
  /** The host's secrets: replaced in every event and in the result before anyone sees or stores them. */
  hostSecrets?: Pick<HostSecrets, "redactText" | "heldBackLength">;
  /** Asks, elicitations and approvals (absent: no one is ever asked; elicitation is not advertised). */
  interaction?: InteractionHost;
  /** The clock runs start by; default the system clock. */
  now?: () => Date;
  /** Lets MCP tasks of some servers outlive the run (the continuation service's hand-off). */
  taskHandoff?: (run: { runId: string; conversationId: string }) => McpTaskHandoff | undefined;
  /**
   * The stdio launcher (default: a watched one per run). A prelaunching one (a cold CLI run) hands over
   * the servers it started early; what the run did not take over is ended when the run settles.
   */
  stdio?: StdioLauncher | PrelaunchingStdioLauncher;
}

export const DEFAULT_CONVERSATION_ID = "cli:default";

/**
 * Listeners the run's abort signal may hold before Node warns: each connecting server and each call in
 * flight holds one (25 servers tripped the default 10); 1000 still flags a real leak.
 */
export const RUN_SIGNAL_MAX_LISTENERS = 1_000;

function offeredBuiltins(policy: ToolPolicy): string[] {
  return BUILTIN_TOOL_NAMES.filter((name) => evaluateTool(policy, name).decision === "offered");
}

function errorKind(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? code : "runtime_error";
}

/**
 * One run end to end: model, external servers (resolved, then each preparer's overlay), app-owned
 * servers, all connected in parallel; built-in tools filtered by policy; the conversation restored; one
 * Pi session; the new messages saved; then settle: MCP clients closed, app endpoints closed, preparers
 * cleaned up in reverse order, whatever happened.
 */
export async function runAgent(
  deps: RunAgentDependencies,
  runId: string,
  request: RunRequest,
  startedAt: Date = deps.now?.() ?? new Date(),
): Promise<RunResult> {
  const started = performance.now();
  const { loaded, env } = deps;
  const controller = new AbortController();
  // Every MCP server connect and call links its own listener to the run's signal while it lasts.
  setMaxListeners(RUN_SIGNAL_MAX_LISTENERS, controller.signal);
  const info: RunStartInfo = {
    runId,
    conversationId: request.conversationId ?? DEFAULT_CONVERSATION_ID,
    modelRef: request.model ?? loaded.config.runtime.model,
    request,
    startedAt,
    signal: controller.signal,
  };
  const warnings: RunResult["warnings"] = [];
  const toolCalls: RunResult["toolCalls"] = [];
  const mcpServersUsed: string[] = [];
  const observe = async (label: string, call: (observer: RunObserver) => unknown) => {
    for (const observer of deps.observers) {
      try {
        await call(observer);
      } catch (error) {
        const warning = {
          kind: "run_observer_failed",
          message: `${label} failed: ${error instanceof Error ? error.message : String(error)}`,
        };
        warnings.push(warning);
        request.onEvent?.({ type: "warning", ...warning });
      }
    }
  };
  const redactText = deps.hostSecrets?.redactText ?? ((text: string) => text);
  const redactor = createRunEventRedactor(redactText, (text) => deps.hostSecrets?.heldBackLength(text) ?? 0);
  const emit = (event: RunEvent) => {
    for (const redacted of redactor.redact(event)) deliver(redacted);
  };
  const deliver = (event: RunEvent) => {
    if (event.type === "warning")
      warnings.push({
        kind: event.kind,
        message: event.message,
        ...(event.serverName ? { serverName: event.serverName } : {}),
      });
    if (event.type === "tool_finished")
      toolCalls.push({ name: event.name, isError: event.isError, durationMs: event.durationMs });
    for (const observer of deps.observers) observer.onRunEvent?.(info, event);
    request.onEvent?.(event);
  };
  const abort = () => controller.abort(request.signal?.reason);
  if (request.signal?.aborted) abort();
  request.signal?.addEventListener("abort", abort, { once: true });

  const cleanups: (() => Promise<void>)[] = [];
  let closeMcp: () => Promise<void> = async () => {};
  let collectServersUsed = () => {};
  const finish = async (unredacted: RunResult): Promise<RunResult> => {
    collectServersUsed();
    const result = redactStrings(unredacted, redactText);
    emit({
      type: "run_finished",
      runId,
      status: result.status,
      finalText: result.finalText,
      durationMs: result.durationMs,
      ...(result.error ? { error: result.error } : {}),
    });
    await observe("run end hook", (observer) => observer.onRunEnd?.(info, result));
    return result;
  };
  const outcome = (status: RunStatus, fields: Partial<RunResult>): RunResult => ({
    runId,
    conversationId: info.conversationId,
    status,
    finalText: "",
    startedAt: info.startedAt.toISOString(),
    durationMs: Math.round(performance.now() - started),
    model: info.modelRef,
    warnings,
    toolCalls,
    mcpServersUsed,
    usage: { input: 0, output: 0, totalTokens: 0, costUsd: 0 },
    ...fields,
  });

  try {
    await observe("run start hook", (observer) => observer.onRunStart?.(info));
    const [{ resolveModel }, { runPiSession }, { createBuiltinToolsForConfig }] = await Promise.all([
      import("../../runtime/models.js"),
      import("../../runtime/pi-session.js"),
      import("@mono-agent/tools/node"),
    ]);
    const resolvedModel =
      deps.customModels[info.modelRef] ??
      resolveModel({ modelRef: info.modelRef, providers: loaded.config.models?.providers ?? {}, env });
    const enabled = offeredBuiltins(deps.policy);
    const sandbox = sandboxPolicyForRun(loaded, request.sandbox);
    // Checking the engine (a trial sandbox) overlaps with connecting the servers.
    const sandboxWarnings = sandboxRunWarnings(
      sandbox,
      enabled.some((name) => CONFINED_TOOLS.includes(name)),
      env,
    ).catch(() => []);
    const external = resolveRunServerSpecs(loaded, env);
    for (const skipped of external.skipped) {
      emit({
        type: "warning",
        kind: "mcp_server_unavailable",
        serverName: skipped.serverName,
        message: skipped.message,
      });
    }
    let servers: RunServerSpec[] = external.servers;
    for (const prepare of deps.preparers) {
      const prepared = await prepare(info, servers);
      if (prepared.cleanup) cleanups.unshift(prepared.cleanup);
      for (const warning of prepared.warnings ?? []) emit({ type: "warning", ...warning });
      servers = prepared.servers;
    }
    for (const provider of deps.appToolProviders) {
      const provided = await provider({
        runId,
        conversationId: info.conversationId,
        signal: controller.signal,
        ...(request.startedBy ? { startedBy: request.startedBy } : {}),
        ...(request.web ? { web: request.web } : {}),
      });
      cleanups.unshift(provided.cleanup);
      for (const warning of provided.warnings ?? []) emit({ type: "warning", ...warning });
      servers = [...servers, ...provided.servers];
    }
    const interaction = deps.interaction;
    const answerers = loaded.config.interaction.answerers;
    if (interaction) {
      cleanups.push(async () => interaction.broker.cancelRun(runId));
      cleanups.push(async () => unwatch());
    }
    const unwatch = interaction?.watchRun(runId, (ask) => emit(askEvent(ask))) ?? (() => {});
    const elicitation = interaction
      ? elicitationPortFor(interaction, {
          runId,
          conversationId: info.conversationId,
          signal: controller.signal,
          audience: askAudience(answerers, "form", request.startedBy),
        })
      : undefined;
    let firstCallStarted = false;
    const taskHandoff = deps.taskHandoff?.({ runId, conversationId: info.conversationId });
    const mcp = startRunMcpServers({
      loaded,
      env,
      runId,
      servers,
      signal: controller.signal,
      redactText,
      emit,
      statusLinesDue: () => firstCallStarted,
      ...(deps.stdio ? { stdio: deps.stdio } : {}),
      ...(request.mcpLogin ? { mcpLogin: request.mcpLogin } : {}),
      ...(elicitation ? { elicitation } : {}),
      ...(taskHandoff ? { taskHandoff } : {}),
    });
    closeMcp = mcp.close;
    collectServersUsed = () => {
      if (mcpServersUsed.length > 0) return;
      mcpServersUsed.push(
        ...mcp
          .servers()
          .filter((server) => server.status === "connected")
          .map((server) => server.name),
      );
    };
    for (const warning of await sandboxWarnings) emit({ type: "warning", ...warning });
    // The first model call waits at most the grace; servers that connect later join from the next turn.
    await mcp.settled(loaded.config.tools.mcpStartupGraceMs);
    // After the grace: ReadSkill also lists the skill:// resources of the servers connected by then.
    const builtinSet = await createBuiltinToolsForConfig({
      loaded,
      env,
      runId,
      enabled,
      sandbox,
      ...(deps.protectedPaths ? { protectedPaths: deps.protectedPaths } : {}),
      redactText,
      mcp,
    });
    cleanups.unshift(builtinSet.close);
    const builtins: AgentTool[] = builtinSet.tools;
    firstCallStarted = true;
    const resources =
      evaluateTool(deps.policy, MCP_RESOURCES_TOOL_NAME).decision === "offered"
        ? createMcpResourcesTool({
            serverNames: () => mcp.connectedNames().filter((name) => !name.startsWith("mono-agent-")),
            client: (name) => (name.startsWith("mono-agent-") ? undefined : mcp.client(name)),
          })
        : undefined;
    const currentTools = (): AgentTool[] => [...builtins, ...(resources ? [resources] : []), ...mcp.tools()];
    const tools = currentTools();
    const liveTools = async () => {
      await mcp.refreshed();
      return currentTools();
    };
    const input = request.mcpPrompt
      ? await promptInput(mcp, request.mcpPrompt, request.input)
      : request.input;
    emit({
      type: "run_started",
      runId,
      conversationId: info.conversationId,
      model: resolvedModel.label,
      tools: tools.map((tool) => tool.name),
    });
    const mapEvent = createRunEventMapper();
    const session = await runPiSession({
      model: resolvedModel.model,
      streamFn: resolvedModel.streamFn,
      getApiKey: resolvedModel.getApiKey,
      systemPrompt: [await readSystemPrompt(loaded.instructionsPath), builtinSet.promptSection]
        .filter(Boolean)
        .join("\n\n"),
      history:
        request.isolated === true
          ? []
          : (deps.historyAugmenters ?? []).reduce(
              (messages, augment) => augment(info, messages),
              await deps.conversations.loadMessages(info.conversationId),
            ),
      tools,
      liveTools,
      prompt: input,
      signal: controller.signal,
      ...(interaction && loaded.config.tools.approval.mode !== "off"
        ? {
            beforeToolCall: createApprovalGate(
              interaction,
              {
                ...loaded.config.tools.approval,
                require: approvalRequireWithCapabilities(loaded.config.tools.approval),
              },
              {
                runId,
                conversationId: info.conversationId,
                signal: controller.signal,
                redactText,
                audience: askAudience(answerers, "approval", request.startedBy),
              },
              mcpAgentToolInfo,
            ),
          }
        : {}),
      workspaceDir: loaded.workspaceDir,
      onEvent: async (event) => {
        await observe("agent event hook", (observer) => observer.onAgentEvent?.(info, event));
        const mapped = mapEvent(event);
        if (mapped) emit(mapped);
      },
    });
    if (request.isolated !== true)
      await deps.conversations.appendMessages(info.conversationId, runId, session.newMessages);
    return await finish(
      outcome(session.status, {
        finalText: session.finalText,
        model: resolvedModel.label,
        usage: {
          input: session.usage.input,
          output: session.usage.output,
          totalTokens: session.usage.totalTokens,
          costUsd: session.usage.costUsd,
        },
        ...(session.error ? { error: session.error } : {}),
      }),
    );
  } catch (error) {
    // A failure before or around the session (model not resolvable, a preparer refusing the run, a store
    // that cannot be written) settles the run as failed with the error's own code as failure kind.
    const message = error instanceof Error ? error.message : String(error);
    return await finish(
      outcome(controller.signal.aborted ? "cancelled" : "failed", {
        error: { kind: errorKind(error), message },
      }),
    );
  } finally {
    request.signal?.removeEventListener("abort", abort);
    await closeMcp();
    if (deps.stdio && "closeUnused" in deps.stdio) await deps.stdio.closeUnused();
    for (const cleanup of cleanups) await cleanup().catch(() => {});
  }
}
