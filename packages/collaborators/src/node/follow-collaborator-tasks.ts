import { TaskNotFoundError } from "@a2a-js/sdk/errors";
import type { SecretScanner } from "@mono-agent/evidence";
import type { CollaboratorPeer } from "../collaborator-peer.js";
import { answerEvidence } from "./answer-evidence.js";
import { answerOfTask, isSettledState } from "./collaborator-answer.js";
import { connectCollaborator } from "./connect-collaborator.js";

/** A collaborator task handed to the continuation service, as the host's store lists it. */
export interface HandedOffCollaboratorTask {
  continuationId: string;
  collaborator: string;
  taskId: string;
  /** When the host gives the task up (epoch ms). */
  deadlineMs: number;
}

/** The continuation store as the follower sees it. */
export interface CollaboratorTaskStore {
  handedOff(): HandedOffCollaboratorTask[];
  /** Accepts the task's outcome as the continuation's result (once; the same outcome again replays). */
  settle(continuationId: string, outcome: { idempotencyKey: string; payload: unknown }): void;
}

/** Time between two rounds of `tasks/get`, in ms: as the MCP task watcher's default poll (5 s). */
export const COLLABORATOR_POLL_INTERVAL_MS = 5_000;

/** The result a handed-off collaborator task settles with (the synthesis sees it framed untrusted). */
export interface CollaboratorTaskOutcome {
  kind: "a2a_task_outcome";
  collaborator: string;
  taskId: string;
  state: string;
  /** The bounded, redacted answer envelope (as AskCollaborator would have returned it). */
  evidence?: string;
  problem?: string;
}

/**
 * Follows handed-off collaborator tasks: every round, `tasks/get` on each one's collaborator (bounded
 * like a call); a task that settled (completed, failed, input-required, ...) settles its continuation
 * with the answer's evidence, one past its deadline settles `expired`, one of a collaborator no longer
 * configured `unavailable`. A collaborator that cannot be reached is asked again next round.
 */
export function followCollaboratorTasks(options: {
  store: CollaboratorTaskStore;
  collaborators: readonly CollaboratorPeer[];
  secretScanner?: SecretScanner;
  fetchImpl?: typeof fetch;
  intervalMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}): { poll(): Promise<void>; close(): Promise<void> } {
  const byName = new Map(options.collaborators.map((peer) => [peer.name, peer]));
  const now = options.now ?? Date.now;
  let round: Promise<void> | undefined;
  let closed = false;
  const settle = (
    task: HandedOffCollaboratorTask,
    outcome: Omit<CollaboratorTaskOutcome, "kind" | "collaborator" | "taskId">,
  ) =>
    options.store.settle(task.continuationId, {
      idempotencyKey: `a2a-task:${task.taskId}:${outcome.state}`,
      payload: { kind: "a2a_task_outcome", collaborator: task.collaborator, taskId: task.taskId, ...outcome },
    });
  const follow = async (task: HandedOffCollaboratorTask) => {
    const peer = byName.get(task.collaborator);
    if (!peer)
      return settle(task, {
        state: "unavailable",
        problem: `collaborator "${task.collaborator}" is no longer configured`,
      });
    if (now() > task.deadlineMs)
      return settle(task, { state: "expired", problem: "the task did not finish before its deadline" });
    const connection = await connectCollaborator(
      peer,
      options.fetchImpl ? { fetchImpl: options.fetchImpl } : {},
    );
    let found: Awaited<ReturnType<typeof connection.client.getTask>>;
    try {
      found = await connection.client.getTask({ tenant: "", id: task.taskId, historyLength: 0 });
    } catch (error) {
      // A collaborator that restarted with tasks in memory no longer knows the task: it will never settle.
      if (error instanceof TaskNotFoundError)
        return settle(task, { state: "unavailable", problem: "the collaborator no longer knows the task" });
      throw error;
    }
    const answer = answerOfTask(peer.name, found);
    if (!isSettledState(answer.state)) return;
    settle(task, {
      state: answer.state,
      evidence: answerEvidence(
        peer.name,
        answer,
        options.secretScanner ? { secretScanner: options.secretScanner } : {},
      ),
    });
  };
  const poll = () => {
    round ??= (async () => {
      for (const task of options.store.handedOff()) {
        if (closed) break;
        await follow(task).catch((error: unknown) => options.onError?.(error));
      }
    })().finally(() => {
      round = undefined;
    });
    return round;
  };
  const timer = setInterval(() => void poll(), options.intervalMs ?? COLLABORATOR_POLL_INTERVAL_MS);
  timer.unref();
  return {
    poll,
    async close() {
      closed = true;
      clearInterval(timer);
      await round;
    },
  };
}
