import type { WebConsoleApp, WebRunRequest, WebRunResult } from "../web-console-app.js";
import { WebConsoleError } from "../web-console-error.js";
import { createWebEventHub, type WebEventHub } from "../web-event-hub.js";
import type { WebFeatures } from "../web-features.js";
import { createWebRuns } from "./web-runs.js";
import { startWebServer, type WebServer } from "./web-server.js";
import { WEB_CONVERSATION_PREFIX } from "./web-thread-rows.js";
import { createWebThreadStore, type WebThreadStore } from "./web-thread-store.js";

/** Options of {@link startWebConsole}. */
export interface StartWebConsoleOptions {
  /** The app the console serves: it runs the agent; the console records and shows its threads. */
  app: WebConsoleApp;
  /** The SQLite file of the threads (made 0600 with its folder 0700 when missing); unused when `store` is given. */
  storeFile?: string;
  /**
   * An opened thread store to use instead of the SQLite file (e.g. `openPostgresWebThreadStore`, shared by
   * several hosts); the console closes it.
   */
  store?: WebThreadStore;
  /**
   * The event hub to use instead of the in-process one (e.g. `createPostgresWebEventHub`, so browsers on
   * every host get the live events); its `close`, when it has one, runs when the console closes.
   */
  hub?: WebEventHub & { close?(): Promise<void> };
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** The operator token every request must prove. */
  token: string;
  /** Accept requests for any Host name (needed behind a non-loopback bind). */
  allowRemote?: boolean;
  /** Optional pages (runs, memory) and the deliveries shown in threads; absent ones are hidden. */
  features?: WebFeatures;
}

/** A running web console. */
export interface WebConsole {
  readonly server: WebServer;
  readonly store: WebThreadStore;
  /** Turns found `running` from an earlier process and marked `interrupted` at start. */
  readonly interruptedTurns: number;
  /**
   * Opens a new thread of origin `trigger` (never offered SetConversationTitle, never renamed by the
   * agent) and runs `text` in it, through `run` when given (the host's trigger runner) or the app.
   * `settled` resolves when the turn is recorded as finished.
   */
  startTriggerThread(
    text: string,
    run?: (request: WebRunRequest) => Promise<WebRunResult>,
  ): { threadId: string; turnId: string; settled: Promise<void> };
  /** Cancels runs in progress, waits for them, stops the server and closes the thread store. */
  close(): Promise<void>;
}

/** Opens the thread store, then serves the console over HTTP. Never prints. */
export async function startWebConsole(options: StartWebConsoleOptions): Promise<WebConsole> {
  let store: WebThreadStore;
  if (options.store) store = options.store;
  else if (options.storeFile !== undefined) store = createWebThreadStore({ file: options.storeFile });
  else
    throw new WebConsoleError(
      "web_store_failed",
      "startWebConsole needs storeFile (a SQLite file) or store.",
    );
  const interruptedTurns = store.interruptRunningTurns();
  const hub = options.hub ?? createWebEventHub();
  const runs = createWebRuns({ run: (request) => options.app.run(request), store, hub });
  const stopWatchingDeliveries = options.app.onContinuationDelivered?.((delivery) => {
    const threadId = delivery.conversationId.startsWith(WEB_CONVERSATION_PREFIX)
      ? delivery.conversationId.slice(WEB_CONVERSATION_PREFIX.length)
      : undefined;
    if (threadId === undefined || !store.touchThread(threadId)) return;
    hub.publish({ type: "thread", threadId });
    hub.publish({ type: "threads" });
  });
  const stopWatchingAsks = options.features?.asks?.onChange((conversationId) => {
    if (!conversationId.startsWith(WEB_CONVERSATION_PREFIX)) return;
    hub.publish({ type: "thread", threadId: conversationId.slice(WEB_CONVERSATION_PREFIX.length) });
  });
  let server: WebServer;
  try {
    server = await startWebServer({
      host: options.host,
      port: options.port,
      token: options.token,
      allowRemote: options.allowRemote ?? false,
      store,
      runs,
      hub,
      features: options.features ?? {},
    });
  } catch (error) {
    stopWatchingDeliveries?.();
    stopWatchingAsks?.();
    store.close();
    await options.hub?.close?.();
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    server,
    store,
    interruptedTurns,
    startTriggerThread(text, run) {
      const thread = store.createThread({ origin: "trigger" });
      const started = runs.start(thread.threadId, text, [], run ? { run } : {});
      return { threadId: thread.threadId, ...started };
    },
    close() {
      closing ??= (async () => {
        stopWatchingDeliveries?.();
        stopWatchingAsks?.();
        await runs.close();
        await server.close();
        store.close();
        await options.hub?.close?.();
      })();
      return closing;
    },
  };
}
