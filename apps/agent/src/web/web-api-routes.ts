import type { IncomingMessage, ServerResponse } from "node:http";
import { MonoAgentRuntimeError } from "../runtime/runtime-error.js";
import { parseWebAttachments, WEB_MESSAGE_BODY_MAX_BYTES } from "./web-attachments.js";
import type { WebFeatures } from "./web-features.js";
import { RUNS_PAGE_LIMIT } from "./web-features.js";
import type { WebEventHub } from "./web-event-hub.js";
import { readJsonBody, sendError, sendJson } from "./web-http.js";
import type { WebRuns } from "./web-runs.js";
import { WEB_THREAD_ID_PATTERN, type WebThreadStore } from "./web-thread-store.js";
import type { WebThread } from "./web-thread-types.js";

/** What the API routes work with. */
export interface WebApiContext {
  store: WebThreadStore;
  runs: WebRuns;
  hub: WebEventHub;
  features: WebFeatures;
}

const THREAD_ROUTE = /^\/api\/threads\/([^/]+)(?:\/(messages|cancel|archive))?$/;

/**
 * The JSON API under `/api/`: threads (list, create, open, rename, archive), messages (start a run),
 * cancel, and the optional runs and memory pages. Returns false for a path it does not serve.
 */
export async function handleApiRoute(
  context: WebApiContext,
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  query: URLSearchParams,
): Promise<boolean> {
  const { store, runs, hub, features } = context;
  const view = (thread: WebThread) => ({ ...thread, running: runs.isRunning(thread.threadId) });
  const method = request.method ?? "GET";
  if (path === "/api/features" && method === "GET") {
    sendJson(response, 200, { runs: features.runs !== undefined, memory: features.memory !== undefined });
    return true;
  }
  if (path === "/api/threads") {
    if (method === "GET") {
      sendJson(response, 200, {
        threads: store.listThreads({ archived: query.get("archived") === "1" }).map(view),
      });
      return true;
    }
    if (method === "POST") {
      await readJsonBody(request);
      const thread = store.createThread();
      hub.publish({ type: "threads" });
      sendJson(response, 201, { thread: view(thread) });
      return true;
    }
  }
  const match = THREAD_ROUTE.exec(path);
  if (match) {
    const threadId = decodeURIComponent(match[1] ?? "");
    if (!WEB_THREAD_ID_PATTERN.test(threadId))
      throw new MonoAgentRuntimeError("thread_not_found", `No web thread ${JSON.stringify(threadId)}.`);
    const action = match[2];
    if (action === undefined && method === "GET") {
      const thread = store.getThread(threadId);
      sendJson(response, 200, {
        thread: view(thread),
        turns: store.listTurns(threadId),
        deliveries: features.deliveries?.(thread.conversationId) ?? [],
      });
      return true;
    }
    if (action === undefined && method === "PATCH") {
      const body = await readJsonBody(request);
      const thread = store.renameThread(threadId, body["title"]);
      hub.publish({ type: "threads" });
      hub.publish({ type: "thread", threadId });
      sendJson(response, 200, { thread: view(thread) });
      return true;
    }
    if (action === "messages" && method === "POST") {
      const body = await readJsonBody(request, WEB_MESSAGE_BODY_MAX_BYTES);
      const unknown = Object.keys(body).filter((key) => key !== "text" && key !== "attachments");
      if (unknown.length > 0)
        throw new MonoAgentRuntimeError(
          "invalid_request",
          `Unknown field(s) ${unknown.join(", ")}; send { "text": "...", "attachments"?: [...] }.`,
        );
      const attachments = parseWebAttachments(body["attachments"]);
      store.getThread(threadId);
      const { turnId } = runs.start(threadId, body["text"], attachments);
      sendJson(response, 202, { turnId });
      return true;
    }
    if (action === "cancel" && method === "POST") {
      runs.cancel(threadId);
      sendJson(response, 202, { cancelling: true });
      return true;
    }
    if (action === "archive" && method === "POST") {
      if (runs.isRunning(threadId))
        throw new MonoAgentRuntimeError(
          "thread_busy",
          "A run of this thread is in progress; cancel it before archiving.",
        );
      const thread = store.archiveThread(threadId);
      hub.publish({ type: "threads" });
      hub.publish({ type: "thread", threadId });
      sendJson(response, 200, { thread: view(thread) });
      return true;
    }
    sendError(response, 405, "method_not_allowed", `${method} is not accepted on ${path}.`);
    return true;
  }
  if (path === "/api/runs" && method === "GET" && features.runs) {
    sendJson(response, 200, { runs: await features.runs.listRecent(RUNS_PAGE_LIMIT) });
    return true;
  }
  if (path === "/api/memory" && method === "GET" && features.memory) {
    sendJson(response, 200, await features.memory.overview());
    return true;
  }
  return false;
}
