import { type Artifact, type Message, type Part, type Task, TaskState } from "@a2a-js/sdk";
import { CollaboratorError } from "../collaborator-error.js";

/** The state of a collaborator's answer, in the protocol's words. */
export type CollaboratorAnswerState =
  | "submitted"
  | "working"
  | "completed"
  | "failed"
  | "canceled"
  | "rejected"
  | "input-required"
  | "auth-required";

/** A file the collaborator returned: its name, type and either its URL or its size (bytes are not passed on). */
export interface CollaboratorFile {
  name: string;
  mediaType: string;
  url?: string;
  bytes?: number;
}

/** What a collaborator answered, reduced to plain data (still untrusted). */
export interface CollaboratorAnswer {
  state: CollaboratorAnswerState;
  /** Set when the collaborator made a task (continue it with `taskId` and `contextId`). */
  taskId?: string;
  contextId?: string;
  /** Text parts, in order (status message, then artifacts). */
  text: string;
  /** Structured `data` parts. */
  data: unknown[];
  files: CollaboratorFile[];
}

const STATES: Partial<Record<TaskState, CollaboratorAnswerState>> = {
  [TaskState.TASK_STATE_SUBMITTED]: "submitted",
  [TaskState.TASK_STATE_WORKING]: "working",
  [TaskState.TASK_STATE_COMPLETED]: "completed",
  [TaskState.TASK_STATE_FAILED]: "failed",
  [TaskState.TASK_STATE_CANCELED]: "canceled",
  [TaskState.TASK_STATE_REJECTED]: "rejected",
  [TaskState.TASK_STATE_INPUT_REQUIRED]: "input-required",
  [TaskState.TASK_STATE_AUTH_REQUIRED]: "auth-required",
};

/** States after which the collaborator does nothing more without a new message. */
export function isSettledState(state: CollaboratorAnswerState): boolean {
  return state !== "submitted" && state !== "working";
}

function malformed(name: string, what: string): CollaboratorError {
  return new CollaboratorError(
    "answer_malformed",
    `collaborator "${name}" answered ${what}; that is not an A2A answer`,
  );
}

/** The answer state of a task state; an unknown state is `answer_malformed`. */
export function answerState(name: string, state: unknown): CollaboratorAnswerState {
  const known = typeof state === "number" ? STATES[state as TaskState] : undefined;
  if (known === undefined)
    throw malformed(name, `a task in the unknown state ${JSON.stringify(state)?.slice(0, 40)}`);
  return known;
}

function collectParts(
  name: string,
  parts: unknown,
  answer: Pick<CollaboratorAnswer, "data" | "files">,
  texts: string[],
) {
  if (parts === undefined) return;
  if (!Array.isArray(parts)) throw malformed(name, "parts that are not a list");
  for (const part of parts as Part[]) {
    const content = part?.content;
    if (content === undefined || content === null) continue;
    if (content.$case === "text" && typeof content.value === "string") texts.push(content.value);
    else if (content.$case === "data") answer.data.push(content.value);
    else if (content.$case === "url" && typeof content.value === "string")
      answer.files.push({
        name: String(part.filename ?? ""),
        mediaType: String(part.mediaType ?? ""),
        url: content.value,
      });
    else if (content.$case === "raw")
      answer.files.push({
        name: String(part.filename ?? ""),
        mediaType: String(part.mediaType ?? ""),
        bytes: (content.value as { length?: number })?.length ?? 0,
      });
    else throw malformed(name, "a part of an unknown kind");
  }
}

/** The answer of a message the collaborator sent instead of a task. */
export function answerOfMessage(name: string, message: Message): CollaboratorAnswer {
  if (typeof message !== "object" || message === null) throw malformed(name, "an empty message");
  const answer: CollaboratorAnswer = { state: "completed", text: "", data: [], files: [] };
  if (typeof message.contextId === "string" && message.contextId !== "") answer.contextId = message.contextId;
  const texts: string[] = [];
  collectParts(name, message.parts, answer, texts);
  answer.text = texts.join("\n\n");
  return answer;
}

/** The answer of a task snapshot: its state, its status message and its artifacts. */
export function answerOfTask(name: string, task: Task): CollaboratorAnswer {
  if (typeof task !== "object" || task === null || typeof task.id !== "string" || task.id === "")
    throw malformed(name, "a task without an id");
  const answer: CollaboratorAnswer = {
    state: answerState(name, task.status?.state),
    taskId: task.id,
    text: "",
    data: [],
    files: [],
  };
  if (typeof task.contextId === "string" && task.contextId !== "") answer.contextId = task.contextId;
  const texts: string[] = [];
  collectParts(name, task.status?.message?.parts, answer, texts);
  if (task.artifacts !== undefined && !Array.isArray(task.artifacts))
    throw malformed(name, "artifacts that are not a list");
  for (const artifact of (task.artifacts ?? []) as Artifact[])
    collectParts(name, artifact?.parts, answer, texts);
  answer.text = texts.join("\n\n");
  return answer;
}
