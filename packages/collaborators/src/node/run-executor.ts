import { createHash, randomUUID } from "node:crypto";
import { type Message, type Part, Role, TaskState } from "@a2a-js/sdk";
import {
  AgentEvent,
  type AgentExecutor,
  type ExecutionEventBus,
  type RequestContext,
} from "@a2a-js/sdk/server";
import { A2A_CONVERSATION_PREFIX } from "../collaborator-names.js";

/** One run the endpoint asks the host for. The host decides everything else (policy, model, tools). */
export interface A2aRunRequest {
  input: string;
  /** `a2a:<contextId>`: one conversation per A2A context. */
  conversationId: string;
  signal: AbortSignal;
}

/** How the run ended, as much as the caller is told. */
export interface A2aRunResult {
  status: string;
  finalText: string;
}

/** Starts one run of the host (the app's `run` with `source: "a2a"`). */
export type A2aRunFunction = (request: A2aRunRequest) => Promise<A2aRunResult>;

/** Characters of a caller's message passed to the run. */
export const A2A_INPUT_MAX_CHARS = 32_000;

/**
 * A2A calls running at once per endpoint; one more is rejected with a sentence saying so. Each call is a
 * whole agent run (model turns, tool processes): 8 keeps a flood of calls from starving the host's own runs.
 */
export const A2A_MAX_CONCURRENT_RUNS = 8;

/** Context ids used as they are in a conversation id; any other is hashed. */
const PLAIN_CONTEXT_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** The conversation of an A2A context: `a2a:<contextId>`, or `a2a:h-<digest>` for an id of other characters. */
export function a2aConversationId(contextId: string): string {
  return PLAIN_CONTEXT_ID.test(contextId)
    ? `${A2A_CONVERSATION_PREFIX}${contextId}`
    : `${A2A_CONVERSATION_PREFIX}h-${createHash("sha256").update(contextId).digest("hex").slice(0, 32)}`;
}

function textPart(text: string): Part {
  return {
    content: { $case: "text", value: text },
    metadata: undefined,
    filename: "",
    mediaType: "text/plain",
  };
}

function agentMessage(taskId: string, contextId: string, text: string): Message {
  return {
    messageId: randomUUID(),
    contextId,
    taskId,
    role: Role.ROLE_AGENT,
    parts: [textPart(text)],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

/** The caller's text: its text parts, and structured data as JSON. Files are not taken. */
function inputText(message: Message): string {
  const texts: string[] = [];
  for (const part of message.parts ?? []) {
    if (part.content?.$case === "text") texts.push(part.content.value);
    else if (part.content?.$case === "data") texts.push(JSON.stringify(part.content.value));
  }
  return texts.join("\n\n").slice(0, A2A_INPUT_MAX_CHARS);
}

const FINAL_STATES: Record<string, TaskState> = {
  succeeded: TaskState.TASK_STATE_COMPLETED,
  cancelled: TaskState.TASK_STATE_CANCELED,
};

/**
 * The A2A executor over a host's runs: each message becomes one run in the context's conversation
 * (`submitted`, `working`, then `completed` with the run's final text as the status message, `failed`
 * or `canceled`). `cancelTask` aborts the run. A run is not tied to the HTTP request: a caller that
 * disconnects leaves it running, and `tasks/get` later shows its outcome. Past `maxConcurrent` calls
 * running at once, a call is `rejected` at once.
 */
export function createRunExecutor(
  run: A2aRunFunction,
  maxConcurrent: number = A2A_MAX_CONCURRENT_RUNS,
): AgentExecutor {
  const running = new Map<string, AbortController>();
  return {
    async execute(requestContext: RequestContext, eventBus: ExecutionEventBus) {
      const { taskId, contextId, userMessage } = requestContext;
      const status = (state: TaskState, text?: string) =>
        eventBus.publish(
          AgentEvent.statusUpdate({
            taskId,
            contextId,
            status: {
              state,
              timestamp: new Date().toISOString(),
              message: text === undefined ? undefined : agentMessage(taskId, contextId, text),
            },
            metadata: undefined,
          }),
        );
      // Every execution starts with a task event, follow-up turns on a task included (the SDK's rule).
      const previous = requestContext.task;
      eventBus.publish(
        AgentEvent.task(
          previous
            ? { ...previous, history: [...previous.history, userMessage] }
            : {
                id: taskId,
                contextId,
                status: {
                  state: TaskState.TASK_STATE_SUBMITTED,
                  timestamp: new Date().toISOString(),
                  message: undefined,
                },
                artifacts: [],
                history: [userMessage],
                metadata: undefined,
              },
        ),
      );
      const input = inputText(userMessage);
      if (input.trim() === "") {
        status(TaskState.TASK_STATE_REJECTED, "The message has no text: send a text part with the question.");
        return;
      }
      if (running.size >= maxConcurrent) {
        status(
          TaskState.TASK_STATE_REJECTED,
          `The agent is busy: ${maxConcurrent} calls are running. Try again later.`,
        );
        return;
      }
      const controller = new AbortController();
      running.set(taskId, controller);
      status(TaskState.TASK_STATE_WORKING);
      try {
        const result = await run({
          input,
          conversationId: a2aConversationId(contextId),
          signal: controller.signal,
        });
        const state = FINAL_STATES[result.status] ?? TaskState.TASK_STATE_FAILED;
        status(
          state,
          state === TaskState.TASK_STATE_COMPLETED
            ? result.finalText
            : state === TaskState.TASK_STATE_CANCELED
              ? "The task was cancelled."
              : "The agent could not answer (its run failed).",
        );
      } catch {
        status(
          controller.signal.aborted ? TaskState.TASK_STATE_CANCELED : TaskState.TASK_STATE_FAILED,
          controller.signal.aborted
            ? "The task was cancelled."
            : "The agent could not answer (its run failed).",
        );
      } finally {
        running.delete(taskId);
      }
    },
    async cancelTask(taskId: string) {
      running.get(taskId)?.abort();
    },
  };
}
