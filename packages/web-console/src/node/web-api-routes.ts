import { jsonError } from "@mono-agent/http-kit";
import { type AskAnswer, InteractionError } from "@mono-agent/interaction";
import { type Context, Hono } from "hono";
import { WebConsoleError } from "../web-console-error.js";
import type { WebEventHub } from "../web-event-hub.js";
import type { WebFeatures } from "../web-features.js";
import { RUNS_PAGE_LIMIT } from "../web-features.js";
import type { WebThread } from "../web-thread-types.js";
import { parseWebAttachments, WEB_MESSAGE_BODY_MAX_BYTES } from "./web-attachments.js";
import { readJsonBody } from "./web-http.js";
import type { WebRuns } from "./web-runs.js";
import { WEB_THREAD_ID_PATTERN, type WebThreadStore } from "./web-thread-store.js";

/** What the API routes work with. */
export interface WebApiContext {
  store: WebThreadStore;
  runs: WebRuns;
  hub: WebEventHub;
  features: WebFeatures;
}

/** The thread id of a `/threads/:threadId...` route, or `thread_not_found` when it cannot be one. */
function threadIdOf(c: Context): string {
  const threadId = c.req.param("threadId") ?? "";
  if (!WEB_THREAD_ID_PATTERN.test(threadId))
    throw new WebConsoleError("thread_not_found", `No web thread ${JSON.stringify(threadId)}.`);
  return threadId;
}

/**
 * The JSON API mounted under `/api/`: threads (list, create, open, rename, archive), messages (start a
 * run), cancel, and the optional runs and memory pages. A thread route with another method is 405; a
 * path it does not serve falls through (the server answers 404).
 */
export function webApiRoutes(context: WebApiContext): Hono {
  const { store, runs, hub, features } = context;
  const view = (thread: WebThread) => ({ ...thread, running: runs.isRunning(thread.threadId) });
  const api = new Hono();
  api.get("/features", (c) =>
    c.json({ runs: features.runs !== undefined, memory: features.memory !== undefined }),
  );
  api.get("/threads", (c) =>
    c.json({ threads: store.listThreads({ archived: c.req.query("archived") === "1" }).map(view) }),
  );
  api.post("/threads", async (c) => {
    await readJsonBody(c.req.raw);
    const thread = store.createThread();
    hub.publish({ type: "threads" });
    return c.json({ thread: view(thread) }, 201);
  });
  api.use("/threads/:threadId/*", async (c, next) => {
    threadIdOf(c);
    await next();
  });
  api.use("/threads/:threadId", async (c, next) => {
    threadIdOf(c);
    await next();
  });
  api.get("/threads/:threadId", (c) => {
    const thread = store.getThread(threadIdOf(c));
    return c.json({
      thread: view(thread),
      turns: store.listTurns(thread.threadId),
      deliveries: features.deliveries?.(thread.conversationId) ?? [],
      asks: features.asks?.list(thread.conversationId) ?? [],
    });
  });
  api.patch("/threads/:threadId", async (c) => {
    const threadId = threadIdOf(c);
    const body = await readJsonBody(c.req.raw);
    const thread = store.renameThread(threadId, body["title"]);
    hub.publish({ type: "threads" });
    hub.publish({ type: "thread", threadId });
    return c.json({ thread: view(thread) });
  });
  api.post("/threads/:threadId/messages", async (c) => {
    const threadId = threadIdOf(c);
    const body = await readJsonBody(c.req.raw, WEB_MESSAGE_BODY_MAX_BYTES);
    const unknown = Object.keys(body).filter((key) => key !== "text" && key !== "attachments");
    if (unknown.length > 0)
      throw new WebConsoleError(
        "invalid_request",
        `Unknown field(s) ${unknown.join(", ")}; send { "text": "...", "attachments"?: [...] }.`,
      );
    const attachments = parseWebAttachments(body["attachments"]);
    store.getThread(threadId);
    const { turnId } = runs.start(threadId, body["text"], attachments);
    return c.json({ turnId }, 202);
  });
  api.post("/threads/:threadId/cancel", (c) => {
    runs.cancel(threadIdOf(c));
    return c.json({ cancelling: true }, 202);
  });
  api.post("/threads/:threadId/archive", (c) => {
    const threadId = threadIdOf(c);
    if (runs.isRunning(threadId))
      throw new WebConsoleError(
        "thread_busy",
        "A run of this thread is in progress; cancel it before archiving.",
      );
    const thread = store.archiveThread(threadId);
    hub.publish({ type: "threads" });
    hub.publish({ type: "thread", threadId });
    return c.json({ thread: view(thread) });
  });
  api.post("/threads/:threadId/asks/:askId", async (c) => {
    const thread = store.getThread(threadIdOf(c));
    const body = await readJsonBody(c.req.raw);
    if (!features.asks) return jsonError(c, 404, "not_found", "This console has no asks.");
    const answer = body["answer"];
    if (typeof answer !== "object" || answer === null || Array.isArray(answer))
      throw new WebConsoleError("invalid_request", 'Send { "answer": { "kind": ..., ... } }.');
    try {
      const ask = features.asks.answer(thread.conversationId, c.req.param("askId"), answer as AskAnswer);
      return c.json({ ask });
    } catch (error) {
      if (!InteractionError.isInstance(error)) throw error;
      const status =
        error.code === "ask_not_found"
          ? 404
          : error.code === "invalid_answer"
            ? 400
            : error.code === "not_an_answerer"
              ? 403
              : 409;
      return jsonError(c, status, error.code, error.message);
    }
  });
  const notAccepted = (c: Context) =>
    jsonError(c, 405, "method_not_allowed", `${c.req.method} is not accepted on ${c.req.path}.`);
  api.all("/threads/:threadId", notAccepted);
  api.all("/threads/:threadId/:action{messages|cancel|archive}", notAccepted);
  if (features.runs) {
    const source = features.runs;
    api.get("/runs", async (c) => c.json({ runs: await source.listRecent(RUNS_PAGE_LIMIT) }));
  }
  if (features.memory) {
    const source = features.memory;
    api.get("/memory", async (c) => c.json(await source.overview()));
  }
  return api;
}
