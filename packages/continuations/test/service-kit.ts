import type { ContinuationChannel, ContinuationSynthesizer } from "../src/index.js";
import {
  type ContinuationService,
  type StartContinuationServiceOptions,
  startContinuationService,
} from "../src/node.js";
import { makeStateDir } from "./fixtures/host-kit.js";

/** A controllable clock. */
export const clock = { now: Date.now() };

/** A started service with a recording channel and a scripted synthesizer. */
export async function startTestService(
  overrides: Partial<StartContinuationServiceOptions> & {
    synthesize?: ContinuationSynthesizer["synthesize"];
    deliver?: ContinuationChannel["deliver"];
  } = {},
) {
  const delivered: { conversationId: string; text: string; deliveryId: string }[] = [];
  const stateDir = overrides.stateDir ?? makeStateDir();
  const service: ContinuationService = await startContinuationService({
    stateDir,
    port: 0,
    now: () => clock.now,
    synthesizer: { synthesize: overrides.synthesize ?? (async () => ({ text: "synthesized" })) },
    channel: {
      accepts: (conversationId) => conversationId.startsWith("cli:"),
      deliver:
        overrides.deliver ??
        (async (request) => {
          delivered.push({
            conversationId: request.conversationId,
            text: request.text,
            deliveryId: request.deliveryId,
          });
          return { channel: "cli", deliveryId: request.deliveryId, historyRecorded: true };
        }),
    },
    ...overrides,
  });
  const capability = service.issue({
    runId: "run-1",
    serverName: "jobs",
    conversationId: "cli:one",
    historyBoundary: "run-1",
  });
  return { service, stateDir, capability, delivered };
}

/** A service answer as the tests read it (fields absent from an answer read as undefined at run time). */
export interface ServiceAnswer {
  error: { code: string; message: string };
  continuationId: string;
  resultUrl: string;
  statusUrl: string;
  token: string;
  [field: string]: unknown;
}

export async function request(
  url: string,
  options: {
    method?: string;
    token?: string;
    body?: unknown;
    raw?: string;
    headers?: Record<string, string>;
  },
): Promise<{ status: number; headers: Headers; body: ServiceAnswer }> {
  const response = await fetch(url, {
    method: options.method ?? "POST",
    headers: {
      authorization: `Bearer ${options.token ?? ""}`,
      "content-type": "application/json",
      ...options.headers,
    },
    ...(options.raw !== undefined
      ? { body: options.raw }
      : options.body !== undefined
        ? { body: JSON.stringify(options.body) }
        : {}),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as ServiceAnswer,
  };
}

export function claimBody(taskKey: string, fields: Record<string, unknown> = {}) {
  return {
    taskKey,
    taskHash: `hash-${taskKey}`,
    deadline: new Date(clock.now + 60_000).toISOString(),
    ...fields,
  };
}

/** Waits until `check` holds (polling every 20 ms, bounded by the test timeout). */
export async function until(check: () => boolean, what: string): Promise<void> {
  for (let attempt = 0; attempt < 1_000; attempt++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`gave up waiting for ${what}`);
}

/** A detached service bearer for tests (at least 16 characters). */
export const SERVICE_TOKEN = "ci-runner-bearer-0123456789";

/** A detached claim as the `ci` service. */
export function detachedClaim(
  serviceUrl: string,
  body: unknown,
  credentials: { service?: string; token?: string } = {},
) {
  return request(`${serviceUrl}/v1/continuations/detached/claim`, {
    token: credentials.token ?? SERVICE_TOKEN,
    body,
    headers: { "x-mono-agent-service-name": credentials.service ?? "ci" },
  });
}
