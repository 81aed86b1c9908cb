import type { LoadedConfig } from "@mono-agent/config";
import { type DeliveredContinuation, listConversationDeliveries } from "../app/continuation-delivery.js";
import type { RunRequest, RunResult } from "../app/run-agent.js";
import { conversationStoreFile } from "../app/start-mono-agent-app.js";
import { createWebEventHub } from "./web-event-hub.js";
import type { WebFeatures } from "./web-features.js";
import { createWebRuns } from "./web-runs.js";
import { startWebServer, type WebServer } from "./web-server.js";
import { WEB_CONVERSATION_PREFIX } from "./web-thread-rows.js";
import { createWebThreadStore, type WebThreadStore } from "./web-thread-store.js";
import { webThreadStoreFile } from "./web-thread-store-file.js";

export { webThreadStoreFile } from "./web-thread-store-file.js";

/** Options of {@link startWebConsole}. */
export interface StartWebConsoleOptions {
  /** The running app (see startMonoAgentApp). */
  app: {
    loaded: LoadedConfig;
    run(request: RunRequest): Promise<RunResult>;
    /** When present, a continuation delivered into a `web:` thread refreshes it live. */
    onContinuationDelivered?(listener: (delivery: DeliveredContinuation) => void): () => void;
  };
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** The operator token every request must prove. */
  token: string;
  /** Accept requests for any Host name (needed behind a non-loopback bind). */
  allowRemote?: boolean;
  /** Optional pages (runs, memory); absent ones are hidden. */
  features?: WebFeatures;
}

/** A running web console. */
export interface WebConsole {
  readonly server: WebServer;
  readonly store: WebThreadStore;
  /** Turns found `running` from an earlier process and marked `interrupted` at start. */
  readonly interruptedTurns: number;
  /** Cancels runs in progress, waits for them, stops the server and closes the thread store. */
  close(): Promise<void>;
}

/** Opens the thread store, then serves the console over HTTP. Never prints. */
export async function startWebConsole(options: StartWebConsoleOptions): Promise<WebConsole> {
  const store = createWebThreadStore({ file: webThreadStoreFile(options.app.loaded) });
  const interruptedTurns = store.interruptRunningTurns();
  const hub = createWebEventHub();
  const runs = createWebRuns({ run: (request) => options.app.run(request), store, hub });
  const stopWatchingDeliveries = options.app.onContinuationDelivered?.((delivery) => {
    const threadId = delivery.conversationId.startsWith(WEB_CONVERSATION_PREFIX)
      ? delivery.conversationId.slice(WEB_CONVERSATION_PREFIX.length)
      : undefined;
    if (threadId === undefined || !store.touchThread(threadId)) return;
    hub.publish({ type: "thread", threadId });
    hub.publish({ type: "threads" });
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
      features: {
        ...options.features,
        ...(options.app.onContinuationDelivered
          ? {
              deliveries: (conversationId: string) =>
                listConversationDeliveries(conversationStoreFile(options.app.loaded), conversationId),
            }
          : {}),
      },
    });
  } catch (error) {
    stopWatchingDeliveries?.();
    store.close();
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    server,
    store,
    interruptedTurns,
    close() {
      closing ??= (async () => {
        stopWatchingDeliveries?.();
        await runs.close();
        await server.close();
        store.close();
      })();
      return closing;
    },
  };
}
