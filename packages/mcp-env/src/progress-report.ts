import { McpEnvError } from "./mcp-env-error.js";

/** Most bytes of a `POST /v1/progress` body: 64 KiB, as the interaction bridge contract says. */
export const PROGRESS_BODY_MAX_BYTES = 64 * 1024;

/** Longest progress `key`, in characters: an identifier of the task, not text. */
export const PROGRESS_KEY_MAX_CHARACTERS = 256;

/** Progress states; `working` when absent. */
export const PROGRESS_STATES = ["working", "done", "failed"] as const;
export type ProgressState = (typeof PROGRESS_STATES)[number];

/** A progress report as a server posts it. */
export interface ProgressReport {
  /** Identifies the task; a later report with the same key updates it. */
  key: string;
  message: string;
  state: ProgressState;
  /** Optional; with a run's progress bearer it may only name the bearer's own conversation. */
  conversationId?: string;
}

/** A run's progress capability: where to post and the bearer; `release()` revokes it. */
export interface ProgressCapability {
  url: string;
  token: string;
  release(): void;
}

/** Validates a parsed `POST /v1/progress` body. Throws `invalid_progress_report` naming the field. */
export function parseProgressReport(body: unknown): ProgressReport {
  const fail = (message: string) =>
    new McpEnvError(
      "invalid_progress_report",
      `${message}; expected {"key": string, "message": string, "state"?: "working" | "done" | "failed", "conversationId"?: string}`,
    );
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw fail("the body is not a JSON object");
  const value = body as Record<string, unknown>;
  const { key, message, state, conversationId } = value;
  if (typeof key !== "string" || key.trim() === "") throw fail("key is missing or empty");
  if (key.length > PROGRESS_KEY_MAX_CHARACTERS)
    throw fail(`key is longer than ${PROGRESS_KEY_MAX_CHARACTERS} characters`);
  if (typeof message !== "string" || message.trim() === "") throw fail("message is missing or empty");
  if (state !== undefined && !PROGRESS_STATES.includes(state as ProgressState))
    throw fail(`state ${JSON.stringify(state)} is not accepted`);
  if (conversationId !== undefined && typeof conversationId !== "string")
    throw fail("conversationId is not a string");
  return {
    key,
    message,
    state: (state as ProgressState | undefined) ?? "working",
    ...(conversationId !== undefined ? { conversationId } : {}),
  };
}
