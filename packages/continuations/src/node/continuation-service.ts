import { randomUUID } from "node:crypto";
import { loopbackHostNames } from "@mono-agent/http-kit";
import { type HttpServer, startHttpServer } from "@mono-agent/http-kit/node";
import { canonicalJson } from "../canonical-json.js";
import { ContinuationError } from "../continuation-error.js";
import {
  OPERATOR_PAGE_DEFAULT,
  OPERATOR_PAGE_MAX,
  RETENTION_SWEEP_INTERVAL_MS,
  WORKER_TICK_MS,
} from "../continuation-limits.js";
import { ClaimCapabilities } from "./claim-capabilities.js";
import { createContinuationApp } from "./continuation-http-handler.js";
import type { ProtocolContext } from "./continuation-protocol.js";
import type {
  ContinuationService,
  ContinuationServiceLimits,
  RetentionReport,
  StartContinuationServiceOptions,
} from "./continuation-service-options.js";
import { operatorToken, tokenDigest } from "./continuation-tokens.js";
import { ContinuationWorker } from "./continuation-worker.js";
import { DetachedServices } from "./detached-claim.js";
import { type ContinuationStore, openContinuationStore } from "./open-continuation-store.js";
import { acquireOwnerLock } from "./owner-lock.js";
import { recoverContinuations } from "./recover-continuations.js";
import { failedRetentionReport } from "./retention-report.js";
import { ensureStateDir, readStateSecret, writeOperatorTokenFile } from "./state-dir.js";
import { checkRetentionPolicy } from "./sweep-retention.js";
import { handOffTask, settleTaskHandoff } from "./task-handoff.js";

export type {
  ContinuationCapabilityRequest,
  ContinuationService,
  ContinuationServiceLimits,
  IssuedContinuationCapability,
  RetentionReport,
  StartContinuationServiceOptions,
} from "./continuation-service-options.js";

/** Hosts the service may listen on: loopback only (the bearer tokens are not a network boundary). */
export const CONTINUATION_SERVICE_HOSTS = ["127.0.0.1", "localhost", "::1"] as const;

const DEFAULT_LIMITS: ContinuationServiceLimits = {
  maxActiveRecords: 10_000,
  maxActivePerOrigin: 500,
  maxConcurrent: 16,
  synthesisTimeoutMs: 600_000,
  deliveryTimeoutMs: 120_000,
  operatorPageSize: OPERATOR_PAGE_DEFAULT,
};

function assertLoopbackHost(host: string): void {
  if (!(CONTINUATION_SERVICE_HOSTS as readonly string[]).includes(host))
    throw new ContinuationError(
      "invalid_argument",
      `continuations.host "${host}" is not loopback; use one of ${CONTINUATION_SERVICE_HOSTS.join(", ")}`,
    );
}

/**
 * Starts the continuation service: takes the store's ownership (`store_locked` if another process
 * has it), opens the store, recovers records left in flight, listens on loopback, and starts the
 * worker (one tick per second, and at once after each accepted result).
 */
export async function startContinuationService(
  options: StartContinuationServiceOptions,
): Promise<ContinuationService> {
  const host = options.host ?? "127.0.0.1";
  assertLoopbackHost(host);
  if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65_535)
    throw new ContinuationError("invalid_argument", `port must be 0..65535; received ${options.port}`);
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  if (
    !Number.isInteger(limits.operatorPageSize) ||
    limits.operatorPageSize < 1 ||
    limits.operatorPageSize > OPERATOR_PAGE_MAX
  )
    throw new ContinuationError(
      "invalid_argument",
      `limits.operatorPageSize must be 1..${OPERATOR_PAGE_MAX}; received ${limits.operatorPageSize}`,
    );
  const retention = checkRetentionPolicy(options.retention);
  const detachedServices = new DetachedServices(options.detachedServices);
  const now = options.now ?? Date.now;
  ensureStateDir(options.stateDir);
  const lock = acquireOwnerLock(options.stateDir);
  let store: ContinuationStore | undefined;
  let server: HttpServer | undefined;
  try {
    store = openContinuationStore({ stateDir: options.stateDir });
    const secret = readStateSecret(options.stateDir);
    const recovery = await recoverContinuations({
      store,
      channel: options.channel,
      now: now(),
      ...(options.isOriginCommitted ? { isOriginCommitted: options.isOriginCommitted } : {}),
    });
    const openStore = store;
    const operatorSecret = operatorToken(secret);
    const operatorTokenFile = writeOperatorTokenFile(options.stateDir, operatorSecret);
    let lastRetention: RetentionReport | undefined;
    const sweepRetention = (): RetentionReport => {
      const at = now();
      try {
        lastRetention = openStore.sweepRetention(retention, at);
      } catch (error) {
        lastRetention = failedRetentionReport(error, at);
        throw error;
      }
      return lastRetention;
    };
    sweepRetention();
    const capabilities = new ClaimCapabilities();
    const worker = new ContinuationWorker({
      store,
      synthesizer: options.synthesizer,
      channel: options.channel,
      owner: `service:${process.pid}:${randomUUID()}`,
      now,
      maxConcurrent: limits.maxConcurrent,
      synthesisTimeoutMs: limits.synthesisTimeoutMs,
      deliveryTimeoutMs: limits.deliveryTimeoutMs,
      ...(options.latestOriginMessages ? { latestOriginMessages: options.latestOriginMessages } : {}),
      ...(options.hooks ? { hooks: options.hooks } : {}),
      ...(options.onError ? { onError: options.onError } : {}),
    });
    let stopping = false;
    let baseUrl = "";
    let allowedHosts = new Set<string>();
    const app = createContinuationApp({
      store: openStore,
      secret,
      get baseUrl() {
        return baseUrl;
      },
      namedRoutes: options.namedRoutes ?? {},
      maxActiveRecords: limits.maxActiveRecords,
      maxActivePerOrigin: limits.maxActivePerOrigin,
      capabilities,
      detachedServices,
      allowedHosts: () => allowedHosts,
      operatorTokenDigest: tokenDigest(operatorSecret),
      operatorPageSize: limits.operatorPageSize,
      healthExtras: () => ({
        retention: { policy: retention, lastSweep: openStore.lastRetentionSweep() ?? null },
      }),
      onChange: () => worker.tick(),
      now,
      isStopping: () => stopping,
      onResult: () => worker.tick(),
    });
    const listening = await startHttpServer({ fetch: app.fetch, host, port: options.port });
    server = listening;
    baseUrl = listening.origin;
    allowedHosts = loopbackHostNames(listening.port, host);
    const timer = setInterval(() => worker.tick(), WORKER_TICK_MS);
    timer.unref();
    const retentionTimer = setInterval(() => {
      try {
        sweepRetention();
      } catch (error) {
        options.onError?.(error);
      }
    }, RETENTION_SWEEP_INTERVAL_MS);
    retentionTimer.unref();
    setImmediate(() => worker.tick());
    const setOrigin = (runId: string, patch: (hash: string | undefined) => Record<string, unknown>) => {
      for (const record of openStore.recordsOfRun(runId)) {
        if (record.originContextState !== "pending") continue;
        openStore.update(record.continuationId, [record.state], patch(record.originContextHash), {
          now: Number.MAX_SAFE_INTEGER,
        });
      }
    };
    const protocolContext = (): ProtocolContext => ({
      store: openStore,
      secret,
      baseUrl,
      namedRoutes: options.namedRoutes ?? {},
      maxActiveRecords: limits.maxActiveRecords,
      maxActivePerOrigin: limits.maxActivePerOrigin,
    });
    let closed: Promise<void> | undefined;
    return {
      get url() {
        return baseUrl;
      },
      store: openStore,
      recovery,
      operatorTokenFile,
      get lastRetention() {
        return lastRetention;
      },
      sweepRetention,
      issue(request) {
        const binding = {
          serverName: request.serverName,
          runId: request.runId,
          originConversationId: request.conversationId,
          replyTo: request.replyTo ?? request.conversationId,
          historyBoundary: request.historyBoundary,
          mode: "reply" as const,
        };
        const issued = capabilities.issue(binding, now());
        return {
          url: `${baseUrl}/v1/continuations/claim`,
          token: issued.token,
          fingerprint: issued.fingerprint,
          mode: binding.mode,
          release: issued.release,
        };
      },
      async closeRunClaims(runId) {
        await capabilities.closeRun(runId);
        return openStore.recordsOfRun(runId).length;
      },
      finalizeOriginContext(runId, snapshot) {
        const hash = tokenDigest(canonicalJson(snapshot));
        // One transaction: a retention sweep never sees the snapshot stored but not yet referenced.
        openStore.transaction(() => {
          openStore.putOriginContext(hash, snapshot, now());
          setOrigin(runId, () => ({ originContextHash: hash }));
        });
      },
      activateOriginContext(runId) {
        setOrigin(runId, (hash) => ({ originContextState: hash ? "pinned" : "abandoned" }));
        worker.tick();
      },
      abandonOriginContext(runId) {
        setOrigin(runId, () => ({ originContextState: "abandoned" }));
        worker.tick();
      },
      handOffTask: (request) => handOffTask(protocolContext(), request, now()),
      taskHandoffs: () => openStore.inStates(["claimed"]).filter((record) => record.source === "mcp_task"),
      settleTaskHandoff(continuationId, outcome) {
        const answer = settleTaskHandoff(protocolContext(), continuationId, outcome, now());
        worker.tick();
        return answer;
      },
      wake: () => worker.tick(),
      close() {
        closed ??= (async () => {
          stopping = true;
          clearInterval(timer);
          clearInterval(retentionTimer);
          capabilities.clear();
          await worker.stop();
          await listening.close({ drain: true });
          openStore.close();
          lock.release();
        })();
        return closed;
      },
    };
  } catch (error) {
    void server?.close();
    store?.close();
    lock.release();
    throw error;
  }
}
