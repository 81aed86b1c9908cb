import { bearerToken, HttpKitError, jsonError, parseJsonText, readBodyText } from "@mono-agent/http-kit";
import { isConversationId, isRunId, RUN_ID_FORM } from "@mono-agent/ids";
import type { Context, Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import {
  type AskAudience,
  type AskBroker,
  type AskRecord,
  InteractionError,
  parseAskUserInput,
} from "../index.js";

/** Largest body of an ask route, in bytes (reference §3.2: 64 KiB, the progress route's cap too). */
export const ASK_BODY_MAX_BYTES = 64 * 1024;

/** Longest long-poll of `GET /v1/asks/:id?waitMs=`, in ms (reference §3.2: at most 25 s, under common 30 s proxy idle limits). */
export const ASK_LONG_POLL_MAX_MS = 25_000;

/** Largest `presentation` object a caller may attach to an ask, in bytes of its JSON (a message reference, not content). */
export const ASK_PRESENTATION_MAX_BYTES = 4 * 1024;

/**
 * Settled asks whose final snapshot `GET` remembers having returned (reference §3.2: terminal snapshots
 * are read once). Past it the oldest is forgotten, and that ask reads once more.
 */
export const ASK_SETTLED_READS_MAX = 10_000;

/** Run id of asks opened through the routes without one: nothing cancels them at a run's end. */
export const BRIDGE_ASK_RUN_ID = "interaction-bridge";

/** What the ask routes need: who a bearer is, the broker, and the configured AskUser cap. */
export interface AskRouteDependencies {
  /** `master` for the host's own bearer, `scoped` for a live per-run bearer, undefined otherwise. */
  authenticate(token: string | undefined): "master" | "scoped" | undefined;
  broker: AskBroker;
  /** `interaction.askUser.timeoutMs`: a requested timeout is capped at it; null = no expiry allowed. */
  askUserTimeoutMs: number | null;
  /**
   * Who may answer asks opened here. No person started them, so a host passes the audience of a run with
   * no asker (`askAudience(rules, "question")`); default: anyone who can reach the conversation.
   */
  audience?: AskAudience;
  /** Long-poll cap, default {@link ASK_LONG_POLL_MAX_MS} (tests shorten it). */
  longPollMaxMs?: number;
}

const STATUS_OF: Record<InteractionError["code"], ContentfulStatusCode> = {
  ask_pending: 409,
  ask_not_found: 404,
  ask_not_pending: 409,
  invalid_ask: 400,
  invalid_answer: 400,
  not_an_answerer: 403,
  no_channel: 503,
  channel_failed: 502,
  interaction_store_failed: 500,
};

const MASTER_ONLY = "the ask routes take the bridge's master bearer";

const interactionFailure = (c: Context, error: InteractionError) =>
  jsonError(c, STATUS_OF[error.code], error.code, error.message);

/**
 * Reads a body under the cap. Malformed JSON reads as `{}` (reference §3.2), so the route then names the
 * missing field; a body over the cap is 413 and one nested past the kit's depth cap 400 `body_too_deep`.
 */
async function readAskBody(c: Context): Promise<Record<string, unknown> | Response> {
  let text: string;
  try {
    text = await readBodyText(c.req.raw, { maxBytes: ASK_BODY_MAX_BYTES });
  } catch (error) {
    if (!HttpKitError.isInstance(error)) throw error;
    if (error.code === "body_too_large")
      return jsonError(c, 413, "body_too_large", `the body is larger than ${ASK_BODY_MAX_BYTES} bytes`, {
        connection: "close",
      });
    return jsonError(c, 400, error.code, error.message);
  }
  try {
    const value = parseJsonText(text, { requireObject: false });
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch (error) {
    if (HttpKitError.isInstance(error) && error.code === "body_too_deep")
      return jsonError(c, 400, error.code, error.message);
    if (HttpKitError.isInstance(error)) return {};
    throw error;
  }
}

/** The requested timeout, capped at the configured one; a string describing the accepted form when bad. */
function askTimeout(value: unknown, cap: number | null): number | null | string {
  if (value === undefined) return cap;
  if (value === null) return cap === null ? null : cap;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1)
    return "timeoutMs must be a positive integer of milliseconds, or null for the configured longest wait";
  return cap === null ? value : Math.min(value, cap);
}

/**
 * The ask routes of the interaction bridge (reference §3.2), master bearer only:
 * `POST /v1/asks` opens an AskUser question ask through the broker (so its conversation's channel shows
 * it like any other), `GET /v1/asks/:id?waitMs=` reads it, waiting up to {@link ASK_LONG_POLL_MAX_MS}
 * for it to settle, `PUT /v1/asks/:id/presentation` records where the caller showed it, and
 * `DELETE /v1/asks/:id` cancels it. `GET` returns a settled ask's final snapshot once: a later `GET` of it
 * is 404. An ask its channel fails to show is cancelled and `POST` answers 502 `channel_failed`. A scoped
 * (per-run progress) bearer is 403, any other 401.
 */
export function registerAskRoutes(app: Hono, dependencies: AskRouteDependencies): void {
  const { broker } = dependencies;
  const longPollMaxMs = dependencies.longPollMaxMs ?? ASK_LONG_POLL_MAX_MS;
  /** Where callers showed asks; in memory for the bridge's life, dropped once an ask has settled. */
  const presentations = new Map<string, Record<string, unknown>>();
  /** Settled asks whose final snapshot a `GET` has returned, oldest first. */
  const settledReads = new Set<string>();
  const snapshot = (ask: AskRecord) => {
    const presentation = presentations.get(ask.askId);
    if (ask.status !== "pending") presentations.delete(ask.askId);
    return presentation === undefined ? ask : { ...ask, presentation };
  };
  /** Whether a `GET` may return this ask: a settled ask's final snapshot only once (reference §3.2). */
  const readOnce = (ask: AskRecord) => {
    if (ask.status === "pending") return true;
    if (settledReads.has(ask.askId)) return false;
    settledReads.add(ask.askId);
    if (settledReads.size > ASK_SETTLED_READS_MAX)
      settledReads.delete(settledReads.values().next().value as string);
    return true;
  };
  const alreadyRead = (c: Context) =>
    jsonError(
      c,
      404,
      "ask_not_found",
      "that ask has settled and its final state was already read (terminal snapshots are read once)",
    );
  const requireMaster = async (c: Context, next: () => Promise<void>) => {
    const caller = dependencies.authenticate(bearerToken(c.req.header("authorization")));
    if (caller === undefined)
      return jsonError(c, 401, "invalid_bearer_token", `missing or invalid bearer token: ${MASTER_ONLY}`);
    if (caller !== "master")
      return jsonError(c, 403, "master_token_required", `a run's progress bearer cannot ask: ${MASTER_ONLY}`);
    await next();
  };
  app.use("/v1/asks", requireMaster);
  app.use("/v1/asks/*", requireMaster);
  app.post("/v1/asks", async (c) => {
    const body = await readAskBody(c);
    if (body instanceof Response) return body;
    const { conversationId, runId, timeoutMs, ...input } = body;
    if (!isConversationId(conversationId))
      return jsonError(
        c,
        400,
        "invalid_ask",
        'conversationId must be a conversation id such as "web:<thread>" or "slack:<C>:<ts>"',
      );
    if (runId !== undefined && !isRunId(runId))
      return jsonError(c, 400, "invalid_ask", `runId must be a run id: ${RUN_ID_FORM}`);
    const timeout = askTimeout(timeoutMs, dependencies.askUserTimeoutMs);
    if (typeof timeout === "string") return jsonError(c, 400, "invalid_ask", timeout);
    const parsed = parseAskUserInput(input);
    if (!parsed.ok) return jsonError(c, 400, "invalid_ask", `the ask is not valid: ${parsed.message}`);
    try {
      const ask = await broker.openShown({
        kind: "question",
        runId: typeof runId === "string" ? runId : BRIDGE_ASK_RUN_ID,
        conversationId,
        prompt: parsed.prompt,
        timeoutMs: timeout,
        audience: dependencies.audience ?? { anyone: true },
      });
      return c.json(snapshot(ask), 201);
    } catch (error) {
      if (InteractionError.isInstance(error)) return interactionFailure(c, error);
      throw error;
    }
  });
  app.get("/v1/asks/:id", async (c) => {
    const raw = c.req.query("waitMs");
    const waitMs = raw === undefined || raw === "" ? 0 : Number(raw);
    if (!Number.isSafeInteger(waitMs) || waitMs < 0)
      return jsonError(
        c,
        400,
        "invalid_wait",
        `waitMs must be a whole number of milliseconds from 0 to ${longPollMaxMs}`,
      );
    try {
      const ask =
        waitMs === 0
          ? broker.get(c.req.param("id"))
          : await broker.wait(c.req.param("id"), {
              waitMs: Math.min(waitMs, longPollMaxMs),
              signal: c.req.raw.signal,
            });
      if (ask === undefined) return jsonError(c, 404, "ask_not_found", "no ask has that id");
      return readOnce(ask) ? c.json(snapshot(ask)) : alreadyRead(c);
    } catch (error) {
      if (InteractionError.isInstance(error)) return interactionFailure(c, error);
      throw error;
    }
  });
  app.put("/v1/asks/:id/presentation", async (c) => {
    const body = await readAskBody(c);
    if (body instanceof Response) return body;
    const ask = broker.get(c.req.param("id"));
    if (ask === undefined) return jsonError(c, 404, "ask_not_found", "no ask has that id");
    if (ask.status !== "pending")
      return jsonError(
        c,
        409,
        "ask_not_pending",
        `the ask is already ${ask.status}; it takes no presentation`,
      );
    const presentation = body.presentation;
    if (typeof presentation !== "object" || presentation === null || Array.isArray(presentation))
      return jsonError(
        c,
        400,
        "invalid_presentation",
        'the body must be { "presentation": { ... } }, e.g. { "presentation": { "messageId": "42" } }',
      );
    if (Buffer.byteLength(JSON.stringify(presentation)) > ASK_PRESENTATION_MAX_BYTES)
      return jsonError(
        c,
        400,
        "invalid_presentation",
        `the presentation is over ${ASK_PRESENTATION_MAX_BYTES} bytes of JSON`,
      );
    presentations.set(ask.askId, presentation as Record<string, unknown>);
    return c.json(snapshot(ask));
  });
  app.delete("/v1/asks/:id", (c) => {
    try {
      return c.json(snapshot(broker.cancel(c.req.param("id"), "declined_by_host")));
    } catch (error) {
      if (InteractionError.isInstance(error)) return interactionFailure(c, error);
      throw error;
    }
  });
}
