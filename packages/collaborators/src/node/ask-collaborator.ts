import { randomUUID } from "node:crypto";
import { type Artifact, type Message, Role, type Task } from "@a2a-js/sdk";
import { CollaboratorError } from "../collaborator-error.js";
import type { CollaboratorPeer } from "../collaborator-peer.js";
import {
  answerOfMessage,
  answerOfTask,
  answerState,
  type CollaboratorAnswer,
  isSettledState,
} from "./collaborator-answer.js";
import { type CollaboratorConnection, connectCollaborator, peerErrorText } from "./connect-collaborator.js";

/** One question to a collaborator. Nothing of the host (conversation, channel, run) is ever sent. */
export interface CollaboratorQuestion {
  text: string;
  /** Extra context, sent as a second text part. */
  context?: string;
  /** Continue an earlier exchange (the `contextId` of its answer). */
  contextId?: string;
  /** Answer an `input-required` task (its `taskId`). */
  taskId?: string;
}

/** Options of {@link askCollaborator}. */
export interface AskCollaboratorOptions {
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
  /** Called with what the collaborator was sent, before it is sent (tests check it carries no routing). */
  onSend?: (message: Message) => void;
}

function userMessage(question: CollaboratorQuestion): Message {
  const part = (text: string) => ({
    content: { $case: "text" as const, value: text },
    metadata: undefined,
    filename: "",
    mediaType: "text/plain",
  });
  return {
    messageId: randomUUID(),
    contextId: question.contextId ?? "",
    taskId: question.taskId ?? "",
    role: Role.ROLE_USER,
    parts: [part(question.text), ...(question.context ? [part(question.context)] : [])],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

function mergeArtifact(task: Task, artifact: Artifact | undefined, append: boolean): void {
  if (!artifact) return;
  const existing = task.artifacts.find((entry) => entry.artifactId === artifact.artifactId);
  if (existing && append) existing.parts = [...existing.parts, ...(artifact.parts ?? [])];
  else if (existing) existing.parts = artifact.parts ?? [];
  else task.artifacts.push({ ...artifact, parts: [...(artifact.parts ?? [])] });
}

/**
 * Asks one collaborator over `message/stream` (the SDK falls back to `message/send` for a peer without
 * streaming) and follows the task until it settles (completed, failed, input-required, ...) or
 * `peer.waitMs` passes: then the answer's state is still `submitted` or `working`, with the task id to
 * hand off. Bounds, a card pointing elsewhere, a refused bearer and malformed answers are
 * {@link CollaboratorError}s naming the collaborator; a call aborted by `signal` rethrows its reason.
 */
export async function askCollaborator(
  peer: CollaboratorPeer,
  question: CollaboratorQuestion,
  options: AskCollaboratorOptions = {},
  connection?: CollaboratorConnection,
): Promise<CollaboratorAnswer> {
  const connected =
    connection ??
    (await connectCollaborator(peer, options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}));
  const waited = new AbortController();
  const timer = setTimeout(() => waited.abort(), peer.waitMs);
  const signal = options.signal ? AbortSignal.any([options.signal, waited.signal]) : waited.signal;
  const message = userMessage(question);
  options.onSend?.(message);
  let task: Task | undefined;
  try {
    const stream = connected.client.sendMessageStream(
      { tenant: "", message, configuration: undefined, metadata: undefined },
      { signal },
    );
    for await (const event of stream) {
      const payload = event?.payload;
      if (!payload)
        throw new CollaboratorError("answer_malformed", `collaborator "${peer.name}" sent an empty event`);
      if (payload.$case === "message") return answerOfMessage(peer.name, payload.value);
      if (payload.$case === "task")
        task = { ...payload.value, artifacts: [...(payload.value.artifacts ?? [])] };
      else if (payload.$case === "statusUpdate") {
        task ??= {
          id: payload.value.taskId,
          contextId: payload.value.contextId,
          status: undefined,
          artifacts: [],
          history: [],
          metadata: undefined,
        };
        task.status = payload.value.status;
      } else if (payload.$case === "artifactUpdate") {
        task ??= {
          id: payload.value.taskId,
          contextId: payload.value.contextId,
          status: undefined,
          artifacts: [],
          history: [],
          metadata: undefined,
        };
        mergeArtifact(task, payload.value.artifact, payload.value.append);
      }
      // A follow-up's first event is the task as it was (input-required): only a status update settles it.
      if (
        payload.$case === "statusUpdate" &&
        isSettledState(answerState(peer.name, payload.value.status?.state))
      )
        break;
    }
    if (!task)
      throw new CollaboratorError(
        "answer_malformed",
        `collaborator "${peer.name}" ended its answer without a task or message`,
      );
    return answerOfTask(peer.name, task);
  } catch (error) {
    const violation = connected.fetch.violation();
    if (violation) throw violation;
    if (options.signal?.aborted) throw options.signal.reason;
    if (waited.signal.aborted) {
      if (task?.id)
        return {
          ...answerOfTask(peer.name, {
            ...task,
            status: task.status ?? { state: 1, message: undefined, timestamp: undefined },
          }),
        };
      throw new CollaboratorError(
        "answer_timeout",
        `collaborator "${peer.name}" gave no task within ${peer.waitMs} ms; raise collaborators.${peer.name}.waitMs or ask again later`,
      );
    }
    if (CollaboratorError.isInstance(error)) throw error;
    throw new CollaboratorError(
      "peer_unreachable",
      `collaborator "${peer.name}" could not answer (${peerErrorText(error)}); check that it is up (mono-agent validate --connect)`,
      { cause: error },
    );
  } finally {
    clearTimeout(timer);
  }
}
