import { bearerToken, HttpKitError, jsonError, parseJsonText, readBodyText } from "@mono-agent/http-kit";
import {
  McpEnvError,
  PROGRESS_BODY_MAX_BYTES,
  type ProgressReport,
  parseProgressReport,
  stripRolloverBucket,
} from "@mono-agent/mcp-env";
import type { Context } from "hono";

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

/** The answer to a body that could not be read or is not JSON within the caps. */
function rejectBody(c: Context, error: HttpKitError): Response {
  if (error.code === "body_too_large")
    return jsonError(c, 413, "body_too_large", `the body is larger than ${PROGRESS_BODY_MAX_BYTES} bytes`, {
      connection: "close",
    });
  if (error.code === "body_too_deep") return jsonError(c, 400, "body_too_deep", error.message);
  if (error.code === "body_aborted") return jsonError(c, 400, "body_aborted", error.message);
  return jsonError(c, 400, "invalid_json", "the body is not valid JSON");
}

/**
 * `POST /v1/progress` `{key, message, state?, conversationId?}` → 202 `{ok:true}`. The destination
 * comes from the bearer only; a submitted conversationId naming another conversation is 403. The
 * bearer is checked before and again after the body is read, so a post stalled past the run's cleanup
 * is 401. Over 64 KiB is 413, unparsable JSON (or JSON nested past the kit's depth cap) 400.
 */
export async function handleProgress(c: Context, dependencies: ProgressRouteDependencies): Promise<Response> {
  const token = bearerToken(c.req.header("authorization"));
  if (!dependencies.authenticate(token)) return jsonError(c, 401, "invalid_progress_token", UNAUTHORISED);
  let text: string;
  dependencies.countBodyReading(1);
  try {
    text = await readBodyText(c.req.raw, { maxBytes: PROGRESS_BODY_MAX_BYTES });
  } catch (error) {
    if (HttpKitError.isInstance(error)) return rejectBody(c, error);
    throw error;
  } finally {
    dependencies.countBodyReading(-1);
  }
  const caller = dependencies.authenticate(token);
  if (!caller) return jsonError(c, 401, "invalid_progress_token", UNAUTHORISED);
  let value: unknown;
  try {
    value = parseJsonText(text, { requireObject: false });
  } catch (error) {
    if (HttpKitError.isInstance(error)) return rejectBody(c, error);
    throw error;
  }
  let report: ProgressReport;
  try {
    report = parseProgressReport(value);
  } catch (error) {
    if (!McpEnvError.isInstance(error)) throw error;
    return jsonError(c, 400, error.code, error.message);
  }
  const submitted =
    report.conversationId === undefined ? undefined : stripRolloverBucket(report.conversationId);
  if (caller.kind === "run") {
    if (submitted !== undefined && submitted !== caller.binding.conversationId)
      return jsonError(
        c,
        403,
        "conversation_mismatch",
        "this bearer may only report progress to its own conversation",
      );
    caller.binding.deliver(report);
    return c.json({ ok: true }, 202);
  }
  if (submitted === undefined)
    return jsonError(c, 400, "invalid_progress_report", "the master token requires a conversationId");
  const bindings = dependencies.bindingsOf(submitted);
  if (bindings.length === 0)
    return jsonError(c, 404, "conversation_not_active", "no run of that conversation is in progress");
  for (const binding of bindings) binding.deliver(report);
  return c.json({ ok: true }, 202);
}
