import type { IncomingMessage, ServerResponse } from "node:http";
import {
  McpEnvError,
  PROGRESS_BODY_MAX_BYTES,
  type ProgressReport,
  parseProgressReport,
  stripRolloverBucket,
} from "@mono-agent/mcp-env";
import { bearerToken, readBody, sendError, sendJson } from "./interaction-bridge-http.js";

/** Who a bearer speaks for: one run's progress binding, or the host itself (master token). */
export type ProgressCaller = { kind: "run"; binding: ProgressBinding } | { kind: "master" };

/** A live progress capability: the run and conversation it is bound to, and where reports go. */
export interface ProgressBinding {
  runId: string;
  /** The bound conversation with any rollover bucket stripped. */
  conversationId: string;
  deliver(report: ProgressReport): void;
}

/** What the progress route needs from the bridge. */
export interface ProgressRouteDependencies {
  /** The caller a bearer speaks for right now, or undefined (missing, invalid or revoked). */
  authenticate(token: string | undefined): ProgressCaller | undefined;
  /** Live bindings of a conversation (bucket stripped), for master-token callers. */
  bindingsOf(conversationId: string): ProgressBinding[];
  /** Counts authenticated requests whose body is still arriving (+1 when reading starts, -1 when done). */
  countBodyReading(delta: 1 | -1): void;
}

const UNAUTHORISED = "missing, invalid, or revoked progress bearer token";

/**
 * `POST /v1/progress` `{key, message, state?, conversationId?}` → 202 `{ok:true}`. The destination
 * comes from the bearer only; a submitted conversationId naming another conversation is 403. The
 * bearer is checked before and again after the body is read, so a post stalled past the run's cleanup
 * is 401. Over 64 KiB is 413, unparsable JSON 400.
 */
export async function handleProgress(
  request: IncomingMessage,
  response: ServerResponse,
  dependencies: ProgressRouteDependencies,
): Promise<void> {
  const token = bearerToken(request);
  if (!dependencies.authenticate(token))
    return sendError(response, 401, "invalid_progress_token", UNAUTHORISED);
  dependencies.countBodyReading(1);
  const body = await readBody(request, PROGRESS_BODY_MAX_BYTES).finally(() =>
    dependencies.countBodyReading(-1),
  );
  if (!body.ok) {
    if (body.reason === "too_large") {
      response.setHeader("connection", "close");
      sendError(response, 413, "body_too_large", `the body is larger than ${PROGRESS_BODY_MAX_BYTES} bytes`);
    }
    return;
  }
  const caller = dependencies.authenticate(token);
  if (!caller) return sendError(response, 401, "invalid_progress_token", UNAUTHORISED);
  let report: ProgressReport;
  try {
    report = parseProgressReport(JSON.parse(body.text));
  } catch (error) {
    const message = McpEnvError.isInstance(error) ? error.message : "the body is not valid JSON";
    return sendError(response, 400, McpEnvError.isInstance(error) ? error.code : "invalid_json", message);
  }
  const submitted =
    report.conversationId === undefined ? undefined : stripRolloverBucket(report.conversationId);
  if (caller.kind === "run") {
    if (submitted !== undefined && submitted !== caller.binding.conversationId)
      return sendError(
        response,
        403,
        "conversation_mismatch",
        "this bearer may only report progress to its own conversation",
      );
    caller.binding.deliver(report);
    return sendJson(response, 202, { ok: true });
  }
  if (submitted === undefined)
    return sendError(response, 400, "invalid_progress_report", "the master token requires a conversationId");
  const bindings = dependencies.bindingsOf(submitted);
  if (bindings.length === 0)
    return sendError(response, 404, "conversation_not_active", "no run of that conversation is in progress");
  for (const binding of bindings) binding.deliver(report);
  sendJson(response, 202, { ok: true });
}
