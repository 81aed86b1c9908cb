import { TriggerError } from "../trigger-error.js";
import { triggerPrompt } from "../trigger-prompt.js";
import type { DeclaredTrigger } from "./declared-triggers.js";

/** How a host's run ended, as far as a trigger run needs to know (the app's `RunResult`). */
export interface TriggerHostRunResult {
  runId: string;
  /** The conversation the run ran in (its rollover bucket included). */
  conversationId: string;
  status: string;
  finalText: string;
  error?: { kind: string; message: string };
}

/** What a trigger run asks its host to run (a subset of the app's `RunRequest`). */
export interface TriggerHostRunRequest<Event, Web> {
  input: string;
  conversationId: string;
  source: "cron" | "webhook";
  isolated: boolean;
  model?: string;
  signal?: AbortSignal;
  /** Present for a run in a new web console thread. */
  web?: Web;
  onEvent?: (event: Event) => void;
}

/** The app a trigger runs on: `MonoAgentApp` fits it. */
export interface TriggerHost<
  Event = unknown,
  Web = unknown,
  Result extends TriggerHostRunResult = TriggerHostRunResult,
> {
  run(request: TriggerHostRunRequest<Event, Web>): Promise<Result>;
  /**
   * Stores the answer of a run that ran elsewhere in `conversationId` (a user message `note`, then `text`
   * as the assistant's), once per `deliveryId`; returns the physical conversation id.
   */
  deliverMessage(
    conversationId: string,
    delivery: { note: string; text: string },
    deliveryId: string,
  ): Promise<string>;
}

/** One turn of a new web console thread, as the console hands it to the trigger (its `WebRunRequest`). */
export interface TriggerThreadRunRequest<Web> {
  conversationId: string;
  signal: AbortSignal;
  web: Web;
  onEvent(event: never): void;
}

/** Opens a trigger-origin web console thread and runs a turn in it (`WebConsole.startTriggerThread`). */
export type StartTriggerThread<Web = unknown, Result extends TriggerHostRunResult = TriggerHostRunResult> = (
  text: string,
  run: (request: TriggerThreadRunRequest<Web>) => Promise<Result>,
) => { threadId: string; settled: Promise<void> };

/** What one trigger run did. */
export interface TriggerRunOutcome {
  trigger: string;
  source: "cron" | "webhook";
  runId: string;
  /** The conversation the run ran in (its rollover bucket included). */
  conversationId: string;
  status: string;
  finalText: string;
  /** Where the answer went: the run's own conversation, a destination conversation or `web:<threadId>`. */
  deliveredTo: string;
  error?: { kind: string; message: string };
}

/** Options of {@link runTrigger}. */
export interface RunTriggerOptions<
  Event = unknown,
  Web = unknown,
  Result extends TriggerHostRunResult = TriggerHostRunResult,
> {
  app: TriggerHost<Event, Web, Result>;
  trigger: DeclaredTrigger;
  /** The webhook's body (UTF-8 text): quoted into the prompt as untrusted input. */
  webhookBody?: string;
  /** Present under `serve`: how a `{ "webThread": "new" }` destination opens its thread. */
  startTriggerThread?: StartTriggerThread<Web, Result>;
  signal?: AbortSignal;
  onEvent?: (event: Event) => void;
}

/**
 * Runs one trigger once: its prompt (a webhook's body after it, fenced as untrusted input), its model,
 * source `cron` / `webhook`. Isolated (one-shot, no history, SessionHistory records isolated) it runs in
 * its own conversation `cron:<name>` / `webhook:<name>` and its answer is delivered as a message into a
 * destination conversation; not isolated it runs in the destination conversation itself, with its
 * history. A `{ "webThread": "new" }` destination opens a new trigger-origin thread (no
 * SetConversationTitle) and needs `serve`.
 */
export async function runTrigger<Event, Web, Result extends TriggerHostRunResult>(
  options: RunTriggerOptions<Event, Web, Result>,
): Promise<TriggerRunOutcome> {
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
  const outcome = (result: Result, deliveredTo: string): TriggerRunOutcome => ({
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
      throw new TriggerError(
        "trigger_destination_unavailable",
        `trigger "${trigger.name}" delivers into a new web console thread, which only \`mono-agent serve\` has; run it under serve (or give it a "conversationId" destination)`,
      );
    let result: Result | undefined;
    const started = options.startTriggerThread(input, async (request) => {
      result = await app.run({
        ...base,
        conversationId: request.conversationId,
        signal: request.signal,
        web: request.web,
        onEvent: (event) => {
          options.onEvent?.(event);
          // The console's run event is the app's, as the console declares it.
          (request.onEvent as (event: Event) => void)(event);
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

function onEvent<Event>(options: { onEvent?: (event: Event) => void }) {
  return options.onEvent ? { onEvent: options.onEvent } : {};
}
