import type { EnvRecord } from "@mono-agent/config";
import { TriggerError } from "@mono-agent/triggers";
import {
  createDeclaredTriggerScheduler,
  declaredTriggers,
  describeSchedulerEvent,
  describeWebhookRun,
  parseDeclaredSchedules,
  type StartTriggerThread,
} from "@mono-agent/triggers/declared";
import { startDeclaredWebhookServer, type WebhookServer } from "@mono-agent/triggers/node";
import { openPostgresWebhookDeliveryStore } from "@mono-agent/triggers/postgres";
import {
  acquireSchedulerLock,
  openTriggerStateStore,
  openWebhookDeliveryStore,
  type SchedulerLock,
} from "@mono-agent/triggers/sqlite";
import { hostTimeZone } from "../../app/conversations/rollover-conversation.js";
import type { RunResult } from "../../app/run/run-agent.js";
import type { MonoAgentApp } from "../../app/start-mono-agent-app.js";
import type { WebRunContext } from "../../app/tools/conversation-title-context.js";
import { triggerStateDir } from "../../app/triggers/trigger-state-dir.js";
import { EXIT_FAILURE, EXIT_USAGE, ExitError } from "../exit-error.js";
import { isLoopbackHost } from "./loopback-host.js";
import type { TestClock } from "./test-clock.js";

/** The triggers serve runs, once their lock is held. */
export interface ServeTriggers {
  /** Starts the schedules and the webhook server; returns the lines serve prints about them. */
  start(
    startTriggerThread: StartTriggerThread<WebRunContext, RunResult>,
    print: (line: string) => void,
  ): Promise<string[]>;
  close(): Promise<void>;
}

/** With storage.postgres the delivery ids and signatures are shared by every host (a replay on any is refused). */
function openDeliveries(app: MonoAgentApp, stateDir: string, onFailure: () => void) {
  try {
    if (app.sharedPostgres) return openPostgresWebhookDeliveryStore({ postgres: app.sharedPostgres });
    return openWebhookDeliveryStore(stateDir);
  } catch (error) {
    onFailure();
    if (TriggerError.isInstance(error)) throw new ExitError(`${error.code}: ${error.message}`, EXIT_FAILURE);
    throw error;
  }
}

/**
 * Takes the folder's trigger lock before the console starts (a second serve on the folder fails here,
 * naming the fix, and never fires a schedule), and checks every schedule's expression and zone. Returns
 * undefined when the config declares no enabled trigger.
 */
export function prepareServeTriggers(
  app: MonoAgentApp,
  env: EnvRecord,
  clock?: TestClock,
): ServeTriggers | undefined {
  const triggers = declaredTriggers(app.loaded).filter((trigger) => trigger.enabled);
  if (triggers.length === 0) return undefined;
  const defaultTimeZone = hostTimeZone();
  const server = app.loaded.config.triggers?.webhookServer;
  const hasWebhooks = triggers.some((trigger) => trigger.kind === "webhook");
  if (hasWebhooks && server && !isLoopbackHost(server.host) && !server.exposed)
    throw new ExitError(
      `triggers.webhookServer.host ${server.host} is not a loopback address; set triggers.webhookServer.exposed to true to serve the webhooks there (anyone who can reach it may call them; bearer and signature still apply), or use 127.0.0.1`,
      EXIT_USAGE,
    );
  const stateDir = triggerStateDir(app.loaded);
  let lock: SchedulerLock;
  try {
    parseDeclaredSchedules(triggers, defaultTimeZone);
    lock = acquireSchedulerLock(stateDir);
  } catch (error) {
    if (TriggerError.isInstance(error)) throw new ExitError(`${error.code}: ${error.message}`, EXIT_FAILURE);
    throw error;
  }
  let closeAll = async () => lock.release();
  return {
    async start(startTriggerThread, print) {
      const store = openTriggerStateStore(stateDir);
      const scheduler = createDeclaredTriggerScheduler({
        app,
        triggers,
        store,
        defaultTimeZone,
        startTriggerThread,
        onEvent: (event) => print(describeSchedulerEvent(event)),
        ...(clock ? { now: clock.now } : {}),
      });
      let webhooks: WebhookServer | undefined;
      const deliveries = hasWebhooks ? openDeliveries(app, stateDir, () => store.close()) : undefined;
      if (hasWebhooks && server)
        webhooks = await startDeclaredWebhookServer({
          ...(deliveries ? { deliveries } : {}),
          app,
          triggers,
          env,
          host: server.host,
          port: server.port,
          exposed: server.exposed,
          startTriggerThread,
          ...(clock ? { now: clock.now } : {}),
          onRun: (outcome) => print(describeWebhookRun(outcome)),
        }).catch(async (error: unknown) => {
          store.close();
          await deliveries?.close();
          const code = (error as NodeJS.ErrnoException).code;
          throw new ExitError(
            code === "EADDRINUSE"
              ? `port ${server.port} on ${server.host} (triggers.webhookServer) is in use; set triggers.webhookServer.port to a free one (0 picks one)`
              : `the webhook server could not start: ${error instanceof Error ? error.message : String(error)}`,
            EXIT_FAILURE,
          );
        });
      // Under the test clock the schedules are looked at once at start and after each step of the clock,
      // one look at a time, each reported when its runs have settled; no real-time timer runs.
      let looking: Promise<void> = Promise.resolve();
      const look = (testClock: TestClock) => {
        looking = looking.then(async () => {
          const instant = testClock.now().toISOString();
          try {
            const events = await scheduler.tick();
            print(`test clock: looked at ${instant}: ${events.length} event(s)`);
          } catch (error) {
            print(`test clock: the look at ${instant} failed: ${String(error)}`);
          }
        });
      };
      if (clock) {
        look(clock);
        clock.onAdvance(() => look(clock));
      } else scheduler.start();
      closeAll = async () => {
        await webhooks?.close();
        await looking;
        await scheduler.close();
        store.close();
        await deliveries?.close();
        lock.release();
      };
      const lines = scheduler
        .nextFireTimes()
        .map((next) => `schedule ${next.trigger}: next run ${next.nextAt?.toISOString() ?? "never"}`);
      for (const route of webhooks?.urls() ?? [])
        lines.push(
          `webhook ${route.trigger}: POST ${route.url}${route.problem ? ` (not runnable: ${route.problem})` : ""}`,
        );
      return lines;
    },
    close: () => closeAll(),
  };
}
