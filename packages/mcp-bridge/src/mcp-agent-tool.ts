import type { AgentTool, AgentToolResult, AgentToolUpdateCallback } from "@earendil-works/pi-agent-core";
import { type Client, type Tool as McpTool, SdkError, SdkErrorCode } from "@modelcontextprotocol/client";
import { LONGEST_TIMER_MS, startCallClock } from "./call-clock.js";
import { callMcpTask, cancelQuietly, type McpTaskOutcome } from "./call-mcp-task.js";
import { safePathSegment } from "./limit-tool-output.js";
import { type McpToolCallDetails, type McpToolProgress, mapCallToolResult } from "./map-call-tool-result.js";
import { McpBridgeError } from "./mcp-bridge-error.js";
import type { McpTaskHandoff } from "./mcp-task-handoff.js";
import { normalizeToolInputSchema } from "./normalize-tool-input-schema.js";
import type { PersonWaits } from "./person-waits.js";

/** A tool's `parameters`: a plain JSON Schema object (pi accepts any). */
type ToolParameters = Record<string, unknown>;

/**
 * Longest tool description passed to the model, in characters. Descriptions are sent on every model
 * turn; 4 000 characters keeps a verbose server from eating the context while leaving room for usage notes.
 */
export const MAX_TOOL_DESCRIPTION_CHARS = 4_000;

/** A progress notification of a running MCP call, as given to `onProgress`. */
export interface McpToolProgressEvent extends McpToolProgress {
  serverName: string;
  toolName: string;
  /** The name the model sees, `mcp__<server>__<tool>`. */
  name: string;
  toolCallId: string;
}

/** What one MCP tool needs to run as a pi tool. */
export interface McpAgentToolInput {
  /** The server's client, or how to wait for it (a tool known from the cache of a server still connecting). */
  client: Client | (() => Promise<Client>);
  serverName: string;
  tool: McpTool;
  /** The name the model sees. */
  name: string;
  /** Idle timeout of one call, reset by progress, in ms; stopped while the server waits for a person. */
  callTimeoutMs: number;
  /** Absolute cap of one call, in ms; time the server waits for a person does not count. */
  callMaxTotalTimeoutMs: number;
  /** The server's elicitations waiting for a person (once it is connected). */
  personWaits?: () => PersonWaits | undefined;
  /** The run's signal; each call links its own AbortController to it (and to pi's signal). */
  runSignal?: AbortSignal;
  toolOutputDir: string;
  /** Applied to an oversize result before it is saved. */
  redactSavedOutput?: (text: string) => string;
  runId: string;
  onProgress?: (event: McpToolProgressEvent) => void;
  /** Why the server is gone (exit code, stderr line), for the `server_disconnected` message. */
  describeDisconnect: () => string;
  /** Set when this server's tasks may outlive the run (see {@link McpTaskHandoff}). */
  taskHandoff?: McpTaskHandoff;
}

/** What the host may know of an MCP tool behind a pi tool: its server, original name and annotations. */
export interface McpAgentToolInfo {
  serverName: string;
  toolName: string;
  /** The server's hints (untrusted, per the spec): `readOnlyHint`, `destructiveHint`, ... */
  annotations?: McpTool["annotations"];
}

/** Longest server status message quoted in a hand-off result, in characters (one line of untrusted text). */
export const MAX_HANDOFF_STATUS_CHARS = 200;

const toolInfos = new WeakMap<object, McpAgentToolInfo>();

/** The MCP tool behind a pi tool made by this bridge, or undefined for any other tool. */
export function mcpAgentToolInfo(tool: object): McpAgentToolInfo | undefined {
  return toolInfos.get(tool);
}

/**
 * Wraps one MCP tool as a pi `AgentTool`. The server is called with the tool's original name and pi's
 * validated arguments. An `isError` result, a timeout, a cancel or a dead server make `execute` throw a
 * {@link McpBridgeError}; pi turns that into an error tool result carrying the message.
 */
export function createMcpAgentTool(input: McpAgentToolInput): AgentTool<ToolParameters, McpToolCallDetails> {
  const { tool, serverName, name } = input;
  const description = tool.description?.trim() || `Tool "${tool.name}" of the MCP server "${serverName}".`;
  const agentTool: AgentTool<ToolParameters, McpToolCallDetails> = {
    name,
    label: tool.title ?? tool.annotations?.title ?? tool.name,
    description:
      description.length > MAX_TOOL_DESCRIPTION_CHARS
        ? `${description.slice(0, MAX_TOOL_DESCRIPTION_CHARS)}…`
        : description,
    parameters: normalizeToolInputSchema(tool.inputSchema) as ToolParameters,
    execute: (toolCallId, params, signal, onUpdate) =>
      callMcpTool(input, toolCallId, params, signal, onUpdate),
  };
  toolInfos.set(agentTool, {
    serverName,
    toolName: tool.name,
    ...(tool.annotations ? { annotations: tool.annotations } : {}),
  });
  return agentTool;
}

async function callMcpTool(
  input: McpAgentToolInput,
  toolCallId: string,
  params: unknown,
  signal: AbortSignal | undefined,
  onUpdate: AgentToolUpdateCallback<McpToolCallDetails> | undefined,
): Promise<AgentToolResult<McpToolCallDetails>> {
  const { serverName, tool, name } = input;
  const sources = [...new Set([signal, input.runSignal])].filter(
    (source): source is AbortSignal => source !== undefined,
  );
  if (sources.some((source) => source.aborted)) {
    throw new McpBridgeError("call_cancelled", `The call of "${name}" was cancelled: the run was aborted.`);
  }
  const client = typeof input.client === "function" ? await input.client() : input.client;
  const connected = { ...input, client };
  const controller = new AbortController();
  const abortCall = () => controller.abort();
  for (const source of sources) source.addEventListener("abort", abortCall, { once: true });
  let hitTimeLimit = false;
  let hitIdle = false;
  const asTask = callsAsTask(connected);
  const waits = input.personWaits?.();
  const clock = startCallClock({
    // A task call reads its own idle time from its polls.
    ...(asTask ? {} : { idleMs: input.callTimeoutMs }),
    totalMs: input.callMaxTotalTimeoutMs,
    ...(waits ? { waits } : {}),
    onIdle: () => {
      hitIdle = true;
      controller.abort();
    },
    onTimeLimit: () => {
      hitTimeLimit = true;
      controller.abort();
    },
  });
  try {
    if (asTask) {
      const outcome = await callMcpTask({
        client,
        toolName: tool.name,
        arguments: (params ?? {}) as Record<string, unknown>,
        idleTimeoutMs: input.callTimeoutMs,
        totalTimeoutMs: input.callMaxTotalTimeoutMs,
        signal: controller.signal,
        ...(input.taskHandoff
          ? {
              handoffAfterMs: input.taskHandoff.afterMs,
              ttlMs: Math.max(input.taskHandoff.ttlMs, input.callMaxTotalTimeoutMs),
            }
          : {}),
        onStatus: (task) => {
          const update: McpToolProgress = { progress: 0, message: describeTask(task) };
          onUpdate?.({
            content: [{ type: "text", text: update.message ?? "" }],
            details: { serverName, toolName: tool.name, truncated: false, progress: update },
          });
          input.onProgress?.({ serverName, toolName: tool.name, name, toolCallId, ...update });
        },
      });
      if (outcome.kind === "handoff") return await handOffTask(outcome, connected, toolCallId);
      return await taskResult(outcome, input, toolCallId);
    }
    const result = await client.callTool(
      { name: tool.name, arguments: (params ?? {}) as Record<string, unknown> },
      {
        signal: controller.signal,
        // The call clock above owns both timeouts (so a wait for a person can stop them); the SDK's own
        // request timeout (60 s by default) is set out of the way.
        timeout: LONGEST_TIMER_MS,
        onprogress: ({ progress, total, message }) => {
          clock.touch();
          const update: McpToolProgress = { progress };
          if (total !== undefined) update.total = total;
          if (message !== undefined) update.message = message;
          onUpdate?.({
            content: [{ type: "text", text: describeProgress(update) }],
            details: { serverName, toolName: tool.name, truncated: false, progress: update },
          });
          input.onProgress?.({ serverName, toolName: tool.name, name, toolCallId, ...update });
        },
      },
    );
    const mapped = await mapCallToolResult(
      result,
      { serverName, toolName: tool.name },
      {
        toolOutputDir: input.toolOutputDir,
        ...(input.redactSavedOutput ? { redactText: input.redactSavedOutput } : {}),
        runId: input.runId,
        fileStem: `${name}-${safePathSegment(toolCallId, 64)}`,
      },
    );
    if (mapped.isError) {
      throw new McpBridgeError(
        "tool_error",
        mapped.text || `The MCP tool "${name}" failed without a message.`,
      );
    }
    return { content: mapped.content, details: mapped.details };
  } catch (error) {
    throw toCallError(error, input, { hitTimeLimit, hitIdle, cancelled: controller.signal.aborted });
  } finally {
    clock.stop();
    for (const source of sources) source.removeEventListener("abort", abortCall);
  }
}

function toCallError(
  error: unknown,
  input: McpAgentToolInput,
  state: { hitTimeLimit: boolean; hitIdle: boolean; cancelled: boolean },
): McpBridgeError {
  if (McpBridgeError.isInstance(error)) return error;
  const { name, serverName } = input;
  const message = error instanceof Error ? error.message : String(error);
  const isTimeout = SdkError.isInstance(error) && error.code === SdkErrorCode.RequestTimeout;
  if (state.hitTimeLimit || (isTimeout && /maximum total timeout/i.test(message))) {
    return new McpBridgeError(
      "call_time_limit",
      `The call of "${name}" ran past its time limit of ${input.callMaxTotalTimeoutMs} ms and was cancelled.`,
      { cause: error },
    );
  }
  if (state.hitIdle || (isTimeout && !state.cancelled)) {
    return new McpBridgeError(
      "call_timeout",
      `The call of "${name}" timed out: no answer or progress from the MCP server "${serverName}" within ${input.callTimeoutMs} ms.`,
      { cause: error },
    );
  }
  if (state.cancelled) {
    return new McpBridgeError("call_cancelled", `The call of "${name}" was cancelled: the run was aborted.`, {
      cause: error,
    });
  }
  if (
    (SdkError.isInstance(error) &&
      (error.code === SdkErrorCode.ConnectionClosed || error.code === SdkErrorCode.NotConnected)) ||
    message === "Not connected"
  ) {
    return new McpBridgeError(
      "server_disconnected",
      `The MCP server "${serverName}" closed the connection${input.describeDisconnect()}; the call of "${name}" did not complete.`,
      { cause: error },
    );
  }
  return new McpBridgeError("call_failed", `The call of "${name}" failed: ${message}`, {
    cause: error,
  });
}

/**
 * Whether a tool is called as a task: it requires it, or it offers it (`optional`) and the server
 * supports task-augmented `tools/call`. Other tools are called plainly.
 */
function callsAsTask(input: McpAgentToolInput & { client: Client }): boolean {
  // Tasks are the 2025-11-25 utility here; on 2026-07-28 they moved to an extension this client does not
  // speak yet, so a task tool of a modern server is called plainly (the server runs it to the end).
  if (input.client.getProtocolEra() === "modern") return false;
  const support = input.tool.execution?.taskSupport;
  if (support === "required") return true;
  return (
    support === "optional" && input.client.getServerCapabilities()?.tasks?.requests?.tools?.call !== undefined
  );
}

function describeTask(task: { taskId: string; status: string; statusMessage?: string }): string {
  return `task ${task.status}${task.statusMessage ? `: ${task.statusMessage}` : ""}`;
}

async function taskResult(
  outcome: Exclude<McpTaskOutcome, { kind: "handoff" }>,
  input: McpAgentToolInput,
  toolCallId: string,
): Promise<AgentToolResult<McpToolCallDetails>> {
  const { name, serverName, tool } = input;
  if (outcome.kind === "stopped") {
    const cause = outcome.task ? ` (task ${outcome.task.taskId}, cancelled on the server)` : "";
    if (outcome.reason === "aborted")
      throw new McpBridgeError(
        "call_cancelled",
        `The call of "${name}" was cancelled: the run was aborted${cause}.`,
      );
    if (outcome.reason === "time_limit")
      throw new McpBridgeError(
        "call_time_limit",
        `The task of "${name}" ran past its time limit of ${input.callMaxTotalTimeoutMs} ms${cause}.`,
      );
    throw new McpBridgeError(
      "call_timeout",
      `The task of "${name}" reported nothing new from the MCP server "${serverName}" within ${input.callTimeoutMs} ms${cause}.`,
    );
  }
  if (outcome.kind === "failed")
    throw new McpBridgeError(
      "tool_error",
      `The task of "${name}" ${outcome.task.status === "cancelled" ? "was cancelled by the server" : "failed"}${outcome.task.statusMessage ? `: ${outcome.task.statusMessage}` : "."}`,
    );
  const mapped = await mapCallToolResult(
    outcome.result,
    { serverName, toolName: tool.name },
    {
      toolOutputDir: input.toolOutputDir,
      runId: input.runId,
      fileStem: `${name}-${safePathSegment(toolCallId, 64)}`,
      ...(input.redactSavedOutput ? { redactText: input.redactSavedOutput } : {}),
    },
  );
  if (mapped.isError)
    throw new McpBridgeError("tool_error", mapped.text || `The MCP tool "${name}" failed without a message.`);
  return { content: mapped.content, details: { ...mapped.details, taskId: outcome.task.taskId } };
}

async function handOffTask(
  outcome: Extract<McpTaskOutcome, { kind: "handoff" }>,
  input: McpAgentToolInput & { client: Client },
  toolCallId: string,
): Promise<AgentToolResult<McpToolCallDetails>> {
  const { name, serverName, tool, taskHandoff } = input;
  const { task } = outcome;
  try {
    const receipt = await (taskHandoff as McpTaskHandoff).handOff({
      serverName,
      toolName: tool.name,
      name,
      toolCallId,
      taskId: task.taskId,
      reason: outcome.reason,
      ttlMs: task.ttl,
      createdAt: task.createdAt,
      ...(task.pollInterval !== undefined ? { pollIntervalMs: task.pollInterval } : {}),
    });
    const text = `The task of "${name}" is still running on the MCP server "${serverName}" (task ${task.taskId}${task.statusMessage ? `: ${task.statusMessage.slice(0, MAX_HANDOFF_STATUS_CHARS)}` : ""}). It continues after this run: its result will be delivered into this conversation when it finishes (continuation ${receipt.continuationId}; given up at ${receipt.deadline}). Do not wait for it or call the tool again for the same work.`;
    return {
      content: [{ type: "text", text }],
      details: {
        serverName,
        toolName: tool.name,
        truncated: false,
        taskId: task.taskId,
        handedOff: { continuationId: receipt.continuationId, deadline: receipt.deadline },
      },
    };
  } catch (error) {
    await cancelQuietly(input.client, task.taskId);
    const why = error instanceof Error ? error.message : String(error);
    throw new McpBridgeError(
      "task_handoff_refused",
      `The task of "${name}" was still running and could not continue after the run (${why}); it was cancelled on the server.`,
      { cause: error },
    );
  }
}

function describeProgress({ progress, total, message }: McpToolProgress): string {
  const amount = total === undefined ? `${progress}` : `${progress}/${total}`;
  return message ? `progress ${amount}: ${message}` : `progress ${amount}`;
}
