import { triggerPrompt } from "@mono-agent/triggers";
import type { WebRunRequest, WebRunResult } from "@mono-agent/web-console";
import { MonoAgentRuntimeError } from "../../runtime/runtime-error.js";
import type { RunResult } from "../run/run-agent.js";
import type { RunEvent } from "../run/run-events.js";
import type { MonoAgentApp } from "../start-mono-agent-app.js";
import type { DeclaredTrigger } from "./declared-triggers.js";

/** Opens a trigger-origin web console thread and runs a turn in it (`WebConsole.startTriggerThread`). */
export type StartTriggerThread = (
  text: string,
  run: (request: WebRunRequest) => Promise<WebRunResult>,
) => { threadId: string; settled: Promise<void> };

/** What one trigger run did. */
export interface TriggerRunOutcome {
  trigger: string;
  source: "cron" | "webhook";
  runId: string;
  /** The conversation the run ran in (its rollover bucket included). */
  conversationId: string;
  status: RunResult["status"];
  finalText: string;
  /** Where the answer went: the run's own conversation, a destination conversation or `web:<threadId>`. */
  deliveredTo: string;
  error?: { kind: string; message: string };
}

/** Options of {@link runTrigger}. */
export interface RunTriggerOptions {
  app: MonoAgentApp;
  trigger: DeclaredTrigger;
  /** The webhook's body (UTF-8 text): quoted into the prompt as untrusted input. */
  webhookBody?: string;
  /** Present under `serve`: how a `{ "webThread": "new" }` destination opens its thread. */
  startTriggerThread?: StartTriggerThread;
  signal?: AbortSignal;
  onEvent?: (event: RunEvent) => void;
}

/**
 * Runs one trigger once: its prompt (a webhook's body after it, fenced as untrusted input), its model,
 * source `cron` / `webhook`. Isolated (one-shot, no history, SessionHistory records isolated) it runs in
 * its own conversation `cron:<name>` / `webhook:<name>` and its answer is delivered as a message into a
 * destination conversation; not isolated it runs in the destination conversation itself, with its
 * history. A `{ "webThread": "new" }` destination opens a new trigger-origin thread (no
 * SetConversationTitle) and needs `serve`.
 */
export async function runTrigger(options: RunTriggerOptions): Promise<TriggerRunOutcome> {
  const { app, trigger } = options;
  const input = triggerPrompt({
    prompt: trigger.prompt,
    triggerName: trigger.name,
    ...(options.webhookBody !== undefined ? { webhookBody: options.webhookBody } : {}),
  });
  const base = {
    input,
    source: trigger.source,
    isolated: trigger.isolated,
    ...(trigger.model !== undefined ? { model: trigger.model } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  };
  const outcome = (result: RunResult, deliveredTo: string): TriggerRunOutcome => ({
    trigger: trigger.name,
    source: trigger.source,
    runId: result.runId,
    conversationId: result.conversationId,
    status: result.status,
    finalText: result.finalText,
    deliveredTo,
    ...(result.error ? { error: result.error } : {}),
  });
  const destination = trigger.destination;
  if (destination !== undefined && "webThread" in destination) {
    if (options.startTriggerThread === undefined)
      throw new MonoAgentRuntimeError(
        "trigger_destination_unavailable",
        `trigger "${trigger.name}" delivers into a new web console thread, which only \`mono-agent serve\` has; run it under serve (or give it a "conversationId" destination)`,
      );
    let result: RunResult | undefined;
    const started = options.startTriggerThread(input, async (request) => {
      result = await app.run({
        ...base,
        conversationId: request.conversationId,
        signal: request.signal,
        web: request.web,
        onEvent: (event) => {
          options.onEvent?.(event);
          request.onEvent(event as Parameters<WebRunRequest["onEvent"]>[0]);
        },
      });
      return result;
    });
    await started.settled;
    if (result === undefined)
      throw new Error(`trigger "${trigger.name}": the web thread did not start its run`);
    return outcome(result, `web:${started.threadId}`);
  }
  const target = destination?.conversationId;
  if (!trigger.isolated && target !== undefined) {
    const result = await app.run({ ...base, conversationId: target, ...onEvent(options) });
    return outcome(result, result.conversationId);
  }
  const result = await app.run({ ...base, conversationId: trigger.conversationId, ...onEvent(options) });
  if (target === undefined || result.status !== "succeeded" || result.finalText.trim() === "")
    return outcome(result, result.conversationId);
  const note = `[${trigger.source} trigger "${trigger.name}" ran as ${result.runId} in ${result.conversationId}; its answer follows]`;
  return outcome(result, await app.deliverMessage(target, { note, text: result.finalText }, result.runId));
}

function onEvent(options: RunTriggerOptions) {
  return options.onEvent ? { onEvent: options.onEvent } : {};
}
