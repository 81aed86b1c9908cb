import type { WebConsoleApp } from "@mono-agent/web-console";
import type { MonoAgentApp } from "../../app/start-mono-agent-app.js";

/** The running app as the web console sees it: runs, and live continuation deliveries when it has them. */
export function consoleAppOf(app: MonoAgentApp): WebConsoleApp {
  return {
    run: (request) => app.run(request),
    onContinuationDelivered: (listener) => app.onContinuationDelivered(listener),
  };
}
