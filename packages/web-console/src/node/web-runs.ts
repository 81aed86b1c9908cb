import { CONVERSATION_SERVER_NAME } from "@mono-agent/policy";
import { CONVERSATION_TITLE_TOOL_NAME } from "../conversation-title.js";
import { parseSlashPrompt } from "../slash-prompt.js";
import type { WebConsoleRunEvent, WebRunRequest, WebRunResult } from "../web-console-app.js";
import { WebConsoleError } from "../web-console-error.js";
import type { WebEventHub } from "../web-event-hub.js";
import type { TitleProposalOutcome } from "../web-thread-types.js";
import type { WebAttachment } from "./web-attachments.js";
import { isTitleWritable } from "./web-thread-rows.js";
import type { WebThreadStore } from "./web-thread-store.js";

/** Longest message a person may send, in characters: a long paste, not a file (files go as attachments). */
export const WEB_MESSAGE_MAX_CHARACTERS = 100_000;

/** The name the model calls SetConversationTitle by: the only tool whose results the console consumes. */
export const CONVERSATION_TITLE_MODEL_TOOL_NAME = `mcp__${CONVERSATION_SERVER_NAME}__${CONVERSATION_TITLE_TOOL_NAME}`;

/** What the Activity disclosure says about each verdict of a title proposal. */
const PROPOSAL_NOTES: Record<TitleProposalOutcome, string> = {
  applied: "Title applied.",
  locked: "Title proposal declined: the thread was renamed by hand.",
  archived: "Title proposal declined: the thread is archived.",
  "not-interactive": "Title proposal declined: the thread was not started in the console.",
  "unknown-thread": "Title proposal declined: the thread no longer exists.",
};

/** Runs of web threads: one at a time per thread, streamed to the hub and recorded in the store. */
export interface WebRuns {
  /**
   * Starts a turn: records the message (and the names of its files), then runs the agent in the
   * background with the files as the run's attachments (staged for its request-context servers).
   */
  start(
    threadId: string,
    text: unknown,
    attachments?: readonly WebAttachment[],
    options?: WebTurnOptions,
  ): { turnId: string; settled: Promise<void> };
  /** Aborts the thread's run in progress (`no_run_in_progress` when there is none). */
  cancel(threadId: string): void;
  isRunning(threadId: string): boolean;
  /** Cancels every run and waits for them to settle. */
  close(): Promise<void>;
}

/** How a turn runs when it is not a person's message (a trigger's run in a thread it opened). */
export interface WebTurnOptions {
  /** Runs the turn instead of the console's app (the host adds what it knows: source, model, isolation). */
  run?: (request: WebRunRequest) => Promise<WebRunResult>;
}

interface ActiveRun {
  turnId: string;
  controller: AbortController;
  settled: Promise<unknown>;
}

/** Options of {@link createWebRuns}. */
export interface WebRunsOptions {
  run: (request: WebRunRequest) => Promise<WebRunResult>;
  store: WebThreadStore;
  hub: WebEventHub;
}

export function createWebRuns(options: WebRunsOptions): WebRuns {
  const { store, hub } = options;
  const active = new Map<string, ActiveRun>();

  const start = (
    threadId: string,
    text: unknown,
    attachments: readonly WebAttachment[] = [],
    turnOptions: WebTurnOptions = {},
  ): { turnId: string; settled: Promise<void> } => {
    if (typeof text !== "string" || text.trim().length === 0)
      throw new WebConsoleError("invalid_request", 'Send { "text": "..." } with a non-empty message.');
    if (text.length > WEB_MESSAGE_MAX_CHARACTERS)
      throw new WebConsoleError(
        "invalid_request",
        `The message is ${text.length} characters; at most ${WEB_MESSAGE_MAX_CHARACTERS} are accepted.`,
      );
    if (active.has(threadId))
      throw new WebConsoleError(
        "thread_busy",
        "A run of this thread is in progress; wait for it or cancel it.",
      );
    const { turnId } = store.startTurn(
      threadId,
      text,
      attachments.map((file) => ({ name: file.name, bytes: file.data.length })),
    );
    const thread = store.getThread(threadId);
    const { prompt, text: input } = parseSlashPrompt(text);
    const slashed = { input, ...(prompt ? { mcpPrompt: prompt } : {}) };
    const controller = new AbortController();
    const proposals: string[] = [];
    let textLength = 0;
    let breakBeforeText = false;
    const publishRun = (event: Parameters<WebEventHub["publish"]>[0] & { type: "run" }) => hub.publish(event);
    const onEvent = (event: WebConsoleRunEvent) => {
      if (active.get(threadId)?.turnId !== turnId) return;
      switch (event.type) {
        case "run_started":
          store.setTurnRun(turnId, event.runId, event.model);
          break;
        case "text_delta": {
          const piece = breakBeforeText && textLength > 0 ? `\n\n${event.text}` : event.text;
          breakBeforeText = false;
          store.appendAssistantText(turnId, piece);
          publishRun({
            type: "run",
            threadId,
            turnId,
            event: { type: "text_delta", text: piece, offset: textLength },
          });
          textLength += piece.length;
          return;
        }
        case "tool_started":
          breakBeforeText = true;
          store.toolStarted(turnId, event);
          break;
        case "tool_progress":
          store.toolProgress(turnId, event.toolCallId, event.message);
          break;
        case "tool_finished":
          store.toolFinished(turnId, event);
          // Tool calls with MCP servers run one at a time, so the queue holds this call's proposal at most;
          // an errored result discards it: only a successful result is consumed.
          if (event.name === CONVERSATION_TITLE_MODEL_TOOL_NAME && event.isError) proposals.length = 0;
          if (event.name === CONVERSATION_TITLE_MODEL_TOOL_NAME && !event.isError) {
            const title = proposals.shift();
            if (title !== undefined) {
              const outcome = store.proposeTitle(threadId, title);
              store.noteToolCall(turnId, event.toolCallId, PROPOSAL_NOTES[outcome]);
              if (outcome === "applied") hub.publish({ type: "threads" });
              hub.publish({ type: "thread", threadId });
            }
          }
          break;
        default:
          break;
      }
      publishRun({ type: "run", threadId, turnId, event });
    };
    const settle = (status: "succeeded" | "failed" | "cancelled", finalText: string, error?: string) => {
      active.delete(threadId);
      try {
        store.finishTurn(turnId, { status, finalText, ...(error !== undefined ? { error } : {}) });
      } catch {
        // The store closed under a run that outlived the server; the next start marks the turn interrupted.
      }
      hub.publish({ type: "thread", threadId });
      hub.publish({ type: "threads" });
    };
    const entry: ActiveRun = { turnId, controller, settled: Promise.resolve() };
    active.set(threadId, entry);
    const run = turnOptions.run ?? options.run;
    const settled = run({
      ...slashed,
      conversationId: thread.conversationId,
      source: "web",
      signal: controller.signal,
      // A person's message; a trigger's turn (its own `run`) has no asker.
      ...(turnOptions.run ? {} : { startedBy: { channel: "web" as const } }),
      ...(attachments.length > 0
        ? { attachments: attachments.map((file) => ({ name: file.name, data: file.data })) }
        : {}),
      onEvent,
      web: {
        threadId,
        origin: thread.origin,
        titleWritable: isTitleWritable(thread),
        onTitleProposal: (title) => {
          if (active.get(threadId)?.turnId === turnId) proposals.push(title);
        },
      },
    }).then(
      (result) => settle(result.status, result.finalText, result.error?.message),
      (error: unknown) => settle("failed", "", error instanceof Error ? error.message : String(error)),
    );
    entry.settled = settled;
    hub.publish({ type: "threads" });
    hub.publish({ type: "thread", threadId });
    return { turnId, settled };
  };

  return {
    start,
    cancel(threadId) {
      const run = active.get(threadId);
      if (!run) throw new WebConsoleError("no_run_in_progress", "This thread has no run in progress.");
      run.controller.abort(new Error("cancelled in the web console"));
    },
    isRunning: (threadId) => active.has(threadId),
    async close() {
      const runs = [...active.values()];
      for (const run of runs) run.controller.abort(new Error("the web console is shutting down"));
      await Promise.allSettled(runs.map((run) => run.settled));
    },
  };
}
