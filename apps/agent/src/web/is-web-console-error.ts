import { MonoAgentRuntimeError, type MonoAgentRuntimeErrorCode } from "../runtime/runtime-error.js";

/** The codes of {@link MonoAgentRuntimeError} that the web console throws; each is documented on the union. */
const WEB_CONSOLE_ERROR_CODES = [
  "thread_not_found",
  "thread_archived",
  "thread_busy",
  "no_run_in_progress",
  "invalid_title",
  "invalid_request",
  "web_store_failed",
] as const satisfies readonly MonoAgentRuntimeErrorCode[];

/** A code of the web console (`mono-agent serve`); the HTTP layer maps each to a status. */
export type WebConsoleErrorCode = (typeof WEB_CONSOLE_ERROR_CODES)[number];

/** True for a {@link MonoAgentRuntimeError} (from any copy of this package) with a web console code. */
export function isWebConsoleError(value: unknown): value is MonoAgentRuntimeError<WebConsoleErrorCode> {
  return (
    MonoAgentRuntimeError.isInstance(value) &&
    (WEB_CONSOLE_ERROR_CODES as readonly MonoAgentRuntimeErrorCode[]).includes(value.code)
  );
}
