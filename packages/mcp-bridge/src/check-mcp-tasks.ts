import type { CallToolResult } from "@modelcontextprotocol/client";
import { connectMcpServer } from "./connect-mcp-server.js";
import type { McpAuthOptions } from "./create-remote-auth-fetch.js";
import { getTask, getTaskResult } from "./mcp-task-requests.js";
import type { RunServerSpec } from "./run-server-spec.js";
import type { StdioLauncher } from "./stdio-launcher.js";

/** Longest error text kept from a server's answer, in characters: one readable line, no dumps. */
export const TASK_CHECK_MESSAGE_MAX_CHARS = 500;

/** What one `tasks/get` (and, once finished, `tasks/result`) said about a task. */
export type McpTaskCheck =
  | {
      taskId: string;
      /** Still `working`, or `input_required` (nobody can answer without a run; it is polled on). */
      kind: "working";
      status: string;
      statusMessage?: string;
      /** The server's suggested poll interval, in ms. */
      pollIntervalMs?: number;
    }
  | {
      taskId: string;
      kind: "completed";
      /** The result's text (text blocks; other blocks as a placeholder), cut to `resultMaxChars`. */
      text: string;
      /** The server's `isError` flag on the result. */
      isError: boolean;
      truncated: boolean;
    }
  | { taskId: string; kind: "failed"; status: "failed" | "cancelled"; message: string }
  /** The server could not be asked, or answered something that is not a task (garbage, an error). */
  | { taskId: string; kind: "unreadable"; message: string };

/** Options of {@link checkMcpTasks}. */
export interface CheckMcpTasksOptions {
  /** Starts stdio servers (as for a run). */
  stdio?: StdioLauncher;
  auth?: McpAuthOptions;
  signal?: AbortSignal;
  /** Bound on each `tasks/get` and `tasks/result`, in ms. */
  requestTimeoutMs: number;
  /** Longest result text returned, in characters. */
  resultMaxChars: number;
  clientInfo?: { name: string; version: string };
}

/**
 * Asks one server, on a fresh connection of its own (closed before returning), how each task stands:
 * `tasks/get`, then `tasks/result` for a completed task. A failed connect throws the bridge's connect
 * error; every per-task problem (a garbage answer, an unknown task, a timeout) is an `unreadable` check.
 */
export async function checkMcpTasks(
  spec: RunServerSpec,
  taskIds: readonly string[],
  options: CheckMcpTasksOptions,
): Promise<McpTaskCheck[]> {
  // Tasks handed off were created on a 2025-11-25 connection (the only era our Tasks client speaks).
  const legacySpec = { ...spec, options: { ...spec.options, protocolVersion: "2025-11-25" as const } };
  const open = await connectMcpServer(legacySpec, {
    ...(options.stdio ? { stdio: options.stdio } : {}),
    ...(options.auth ? { auth: options.auth } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    clientInfo: options.clientInfo ?? { name: "mono-agent", version: "0.0.0" },
  });
  const request = {
    timeout: options.requestTimeoutMs,
    ...(options.signal ? { signal: options.signal } : {}),
  };
  try {
    const checks: McpTaskCheck[] = [];
    for (const taskId of taskIds) {
      try {
        const task = await getTask(open.client, taskId, request);
        if (task.status === "working" || task.status === "input_required") {
          checks.push({
            taskId,
            kind: "working",
            status: task.status,
            ...(task.statusMessage ? { statusMessage: bounded(task.statusMessage) } : {}),
            ...(task.pollInterval !== undefined ? { pollIntervalMs: task.pollInterval } : {}),
          });
        } else if (task.status === "failed" || task.status === "cancelled") {
          checks.push({
            taskId,
            kind: "failed",
            status: task.status,
            message: bounded(
              task.statusMessage ?? `the task ${task.status === "failed" ? "failed" : "was cancelled"}`,
            ),
          });
        } else {
          const result = await getTaskResult(open.client, taskId, request);
          checks.push({ taskId, kind: "completed", ...resultText(result, options.resultMaxChars) });
        }
      } catch (error) {
        checks.push({ taskId, kind: "unreadable", message: bounded(describe(error)) });
      }
    }
    return checks;
  } finally {
    await open.close();
  }
}

function resultText(
  result: CallToolResult,
  maxChars: number,
): { text: string; isError: boolean; truncated: boolean } {
  const parts = result.content.map((block) => {
    if (block.type === "text") return block.text;
    if (block.type === "resource" && "text" in block.resource) return block.resource.text;
    return `[${block.type} content omitted]`;
  });
  if (parts.length === 0 && result.structuredContent !== undefined)
    parts.push(JSON.stringify(result.structuredContent));
  const text = parts.join("\n");
  const truncated = text.length > maxChars;
  return {
    text: truncated ? `${text.slice(0, maxChars)}… [cut at ${maxChars} characters]` : text,
    isError: result.isError === true,
    truncated,
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function bounded(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > TASK_CHECK_MESSAGE_MAX_CHARS
    ? `${line.slice(0, TASK_CHECK_MESSAGE_MAX_CHARS)}…`
    : line;
}
