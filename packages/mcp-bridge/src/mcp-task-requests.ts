import type { CallToolResult, Client, RequestOptions, Task } from "@modelcontextprotocol/client";
import {
  CallToolResultSchema,
  CancelTaskResultSchema,
  CreateTaskResultSchema,
  GetTaskResultSchema,
} from "@modelcontextprotocol/core";

// The v2 SDK client has no Tasks layer (the 2025-11-25 tasks utility left its typed method maps), so the
// task requests go out in the SDK's explicit-schema form. They exist on 2025 connections only.

/** `tools/call` with `task: { ttl }`: the server answers with the task it created. */
export async function createToolTask(
  client: Client,
  call: { name: string; arguments: Record<string, unknown>; ttlMs: number },
  options: RequestOptions,
): Promise<Task> {
  const created = await client.request(
    {
      method: "tools/call",
      params: { name: call.name, arguments: call.arguments, task: { ttl: call.ttlMs } },
    },
    CreateTaskResultSchema,
    options,
  );
  return created.task as Task;
}

/** `tasks/get`: the task's current status. */
export async function getTask(client: Client, taskId: string, options: RequestOptions): Promise<Task> {
  return (await client.request(
    { method: "tasks/get", params: { taskId } },
    GetTaskResultSchema,
    options,
  )) as Task;
}

/** `tasks/result`: the result of a finished task (blocks on the server until it is). */
export async function getTaskResult(
  client: Client,
  taskId: string,
  options: RequestOptions,
): Promise<CallToolResult> {
  return (await client.request(
    { method: "tasks/result", params: { taskId } },
    CallToolResultSchema,
    options,
  )) as CallToolResult;
}

/** `tasks/cancel`. */
export async function cancelTask(client: Client, taskId: string, options: RequestOptions): Promise<void> {
  await client.request({ method: "tasks/cancel", params: { taskId } }, CancelTaskResultSchema, options);
}
