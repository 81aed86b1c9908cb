import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, isNull, max, sql } from "drizzle-orm";
import type { BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { WebConsoleError } from "../web-console-error.js";
import type { WebToolCall, WebToolCallStatus, WebTurn, WebTurnStatus } from "../web-thread-types.js";
import type { WebAttachmentNote } from "./web-attachments.js";
import { webThreads, webToolCalls, webTurns } from "./web-thread-schema.js";

/** Turns one thread view loads (the newest): a long thread stays quick to open. */
export const WEB_TURNS_PER_VIEW = 200;

/** Longest stored rendering of a tool call's arguments, in characters: the disclosure shows, not archives. */
export const TOOL_ARGUMENTS_MAX_CHARACTERS = 4_000;

/** The turn and tool-call half of the thread store (see {@link WebThreadStore}). */
export interface WebTurnRecords {
  /** Adds the person's message as a new `running` turn; the first message also becomes the fallback title. */
  startTurn(
    threadId: string,
    userText: string,
    attachments?: readonly WebAttachmentNote[],
  ): { turnId: string; sequence: number };
  setTurnRun(turnId: string, runId: string, model: string): void;
  appendAssistantText(turnId: string, text: string): void;
  finishTurn(turnId: string, outcome: { status: WebTurnStatus; finalText?: string; error?: string }): void;
  toolStarted(turnId: string, call: { toolCallId: string; name: string; arguments: unknown }): void;
  toolProgress(turnId: string, toolCallId: string, message: string): void;
  toolFinished(
    turnId: string,
    call: { toolCallId: string; isError: boolean; durationMs: number; preview: string },
  ): void;
  noteToolCall(turnId: string, toolCallId: string, note: string): void;
  /** The newest {@link WEB_TURNS_PER_VIEW} turns of the thread, oldest first, with their tool calls. */
  listTurns(threadId: string): WebTurn[];
}

function argumentsText(value: unknown): string {
  const text = JSON.stringify(value ?? {}) ?? "{}";
  return text.length > TOOL_ARGUMENTS_MAX_CHARACTERS
    ? JSON.stringify({ truncated: `${text.slice(0, TOOL_ARGUMENTS_MAX_CHARACTERS)}…` })
    : text;
}

export function webTurnRecords(db: BetterSQLite3Database): WebTurnRecords {
  const bumpThreadOf = (turnId: string) => {
    const turn = db
      .select({ threadId: webTurns.threadId })
      .from(webTurns)
      .where(eq(webTurns.turnId, turnId))
      .get();
    if (!turn) return;
    db.update(webThreads)
      .set({ updatedAtMs: Date.now(), version: sql`${webThreads.version} + 1` })
      .where(eq(webThreads.threadId, turn.threadId))
      .run();
  };
  return {
    startTurn(threadId, userText, attachments = []) {
      return db.transaction(
        (tx) => {
          const thread = tx.select().from(webThreads).where(eq(webThreads.threadId, threadId)).get();
          if (!thread)
            throw new WebConsoleError("thread_not_found", `No web thread ${JSON.stringify(threadId)}.`);
          if (thread.archivedAtMs !== null)
            throw new WebConsoleError(
              "thread_archived",
              "This thread is archived; start a new thread to continue.",
            );
          const last = tx
            .select({ value: max(webTurns.sequence) })
            .from(webTurns)
            .where(eq(webTurns.threadId, threadId))
            .get();
          const sequence = (last?.value ?? 0) + 1;
          const turnId = randomUUID();
          const now = Date.now();
          tx.insert(webTurns)
            .values({
              turnId,
              threadId,
              sequence,
              userText,
              attachmentsJson: attachments.length > 0 ? JSON.stringify(attachments) : null,
              status: "running",
              startedAtMs: now,
            })
            .run();
          tx.update(webThreads)
            .set({ updatedAtMs: now, version: sql`${webThreads.version} + 1` })
            .where(eq(webThreads.threadId, threadId))
            .run();
          tx.update(webThreads)
            .set({ firstMessage: userText })
            .where(and(eq(webThreads.threadId, threadId), isNull(webThreads.firstMessage)))
            .run();
          return { turnId, sequence };
        },
        { behavior: "immediate" },
      );
    },
    setTurnRun(turnId, runId, model) {
      db.update(webTurns).set({ runId, model }).where(eq(webTurns.turnId, turnId)).run();
    },
    appendAssistantText(turnId, text) {
      db.update(webTurns)
        .set({ assistantText: sql`${webTurns.assistantText} || ${text}` })
        .where(eq(webTurns.turnId, turnId))
        .run();
    },
    finishTurn(turnId, outcome) {
      db.update(webTurns)
        .set({
          status: outcome.status,
          finishedAtMs: Date.now(),
          ...(outcome.finalText
            ? {
                assistantText: sql`CASE WHEN ${webTurns.assistantText} = '' THEN ${outcome.finalText} ELSE ${webTurns.assistantText} END`,
              }
            : {}),
          ...(outcome.error !== undefined ? { errorText: outcome.error } : {}),
        })
        .where(eq(webTurns.turnId, turnId))
        .run();
      db.update(webToolCalls)
        .set({ status: "interrupted" })
        .where(and(eq(webToolCalls.turnId, turnId), eq(webToolCalls.status, "running")))
        .run();
      bumpThreadOf(turnId);
    },
    toolStarted(turnId, call) {
      db.insert(webToolCalls)
        .values({
          turnId,
          toolCallId: call.toolCallId,
          name: call.name,
          argumentsJson: argumentsText(call.arguments),
          status: "running",
        })
        .onConflictDoNothing()
        .run();
    },
    toolProgress(turnId, toolCallId, message) {
      db.update(webToolCalls)
        .set({ progress: message })
        .where(and(eq(webToolCalls.turnId, turnId), eq(webToolCalls.toolCallId, toolCallId)))
        .run();
    },
    toolFinished(turnId, call) {
      db.update(webToolCalls)
        .set({
          status: (call.isError ? "error" : "ok") satisfies WebToolCallStatus,
          durationMs: call.durationMs,
          resultPreview: call.preview,
        })
        .where(and(eq(webToolCalls.turnId, turnId), eq(webToolCalls.toolCallId, call.toolCallId)))
        .run();
    },
    noteToolCall(turnId, toolCallId, note) {
      db.update(webToolCalls)
        .set({ note })
        .where(and(eq(webToolCalls.turnId, turnId), eq(webToolCalls.toolCallId, toolCallId)))
        .run();
    },
    listTurns(threadId) {
      const turns = db
        .select()
        .from(webTurns)
        .where(eq(webTurns.threadId, threadId))
        .orderBy(desc(webTurns.sequence))
        .limit(WEB_TURNS_PER_VIEW)
        .all()
        .reverse();
      if (turns.length === 0) return [];
      const calls = db
        .select()
        .from(webToolCalls)
        .where(
          inArray(
            webToolCalls.turnId,
            turns.map((turn) => turn.turnId),
          ),
        )
        .orderBy(asc(webToolCalls.rowId))
        .all();
      const byTurn = new Map<string, WebToolCall[]>();
      for (const call of calls) {
        const list = byTurn.get(call.turnId) ?? [];
        list.push({
          toolCallId: call.toolCallId,
          name: call.name,
          arguments: JSON.parse(call.argumentsJson) as unknown,
          status: call.status as WebToolCallStatus,
          resultPreview: call.resultPreview,
          progress: call.progress,
          note: call.note,
          durationMs: call.durationMs,
        });
        byTurn.set(call.turnId, list);
      }
      return turns.map((turn) => ({
        turnId: turn.turnId,
        sequence: turn.sequence,
        runId: turn.runId,
        model: turn.model,
        userText: turn.userText,
        attachments: turn.attachmentsJson ? (JSON.parse(turn.attachmentsJson) as WebAttachmentNote[]) : [],
        assistantText: turn.assistantText,
        status: turn.status as WebTurnStatus,
        error: turn.errorText,
        startedAtMs: turn.startedAtMs,
        finishedAtMs: turn.finishedAtMs,
        toolCalls: byTurn.get(turn.turnId) ?? [],
      }));
    },
  };
}
