import * as z from "zod";
import { detachedServiceSchema } from "./detached-services-schema.js";
import { MAX_TCP_PORT } from "./interaction-schema.js";
import { MAX_TIMEOUT_MS, timeoutMsSchema } from "./timeout-ms-schema.js";

/** Hosts accepted for the continuation service: loopback only, the claim bearer is not a network boundary. */
export const LOOPBACK_HOSTS = ["127.0.0.1", "localhost", "::1"] as const;

/** Default port of the continuation service (mono-agent v0). */
export const DEFAULT_CONTINUATIONS_PORT = 4319;

/** Default bounds of the continuation service, as in mono-agent v0. */
export const CONTINUATION_LIMIT_DEFAULTS = {
  maxActiveRecords: 10_000,
  maxActivePerOrigin: 500,
  maxConcurrent: 16,
  synthesisTimeoutMs: 600_000,
  deliveryTimeoutMs: 120_000,
  operatorPageSize: 100,
} as const;

/** Largest page of the operator list (reference §7.2: 500). */
export const OPERATOR_PAGE_SIZE_MAX = 500;

/** Default retention of terminal records and captured text, as in mono-agent v0 (reference §7.1). */
export const CONTINUATION_RETENTION_DEFAULTS = {
  terminalMaxRecords: 50_000,
  terminalMaxAgeMs: 31_536_000_000,
  capturedTextMaxRecords: 1_000,
  capturedTextMaxAgeMs: 2_592_000_000,
} as const;

const positiveInteger = (defaultValue: number, description: string) =>
  z.number().int().min(1).default(defaultValue).describe(`${description} Default ${defaultValue}.`);

const timeoutMs = (defaultValue: number, description: string) =>
  timeoutMsSchema
    .default(defaultValue)
    .describe(`${description} (1..${MAX_TIMEOUT_MS}). Default ${defaultValue}.`);

export const continuationLimitsSchema = z
  .strictObject({
    maxActiveRecords: positiveInteger(
      CONTINUATION_LIMIT_DEFAULTS.maxActiveRecords,
      "Most active continuation records.",
    ),
    maxActivePerOrigin: positiveInteger(
      CONTINUATION_LIMIT_DEFAULTS.maxActivePerOrigin,
      "Most active records per originating conversation.",
    ),
    maxConcurrent: positiveInteger(
      CONTINUATION_LIMIT_DEFAULTS.maxConcurrent,
      "Most syntheses running at once.",
    ),
    synthesisTimeoutMs: timeoutMs(
      CONTINUATION_LIMIT_DEFAULTS.synthesisTimeoutMs,
      "Time allowed for one synthesis run, in ms",
    ),
    deliveryTimeoutMs: timeoutMs(
      CONTINUATION_LIMIT_DEFAULTS.deliveryTimeoutMs,
      "Time allowed for one delivery, in ms",
    ),
    leaseMs: timeoutMsSchema
      .optional()
      .describe(
        "How long a worker's lease on a record lasts unrenewed before another worker (host) takes it over, in ms. Default 1800000 (30 min) on SQLite, 60000 with storage.postgres.",
      ),
    operatorPageSize: z
      .number()
      .int()
      .min(1)
      .max(OPERATOR_PAGE_SIZE_MAX)
      .default(CONTINUATION_LIMIT_DEFAULTS.operatorPageSize)
      .describe(
        `Records one operator API list page returns without ?limit (1..${OPERATOR_PAGE_SIZE_MAX}). Default ${CONTINUATION_LIMIT_DEFAULTS.operatorPageSize}.`,
      ),
  })
  .describe("Bounds of the continuation service (v0 defaults).");

export const continuationRetentionSchema = z
  .strictObject({
    terminalMaxRecords: positiveInteger(
      CONTINUATION_RETENTION_DEFAULTS.terminalMaxRecords,
      "Most finished records kept (delivered, expired, cancelled, dead-lettered, delivery unknown); the oldest go first.",
    ),
    terminalMaxAgeMs: positiveInteger(
      CONTINUATION_RETENTION_DEFAULTS.terminalMaxAgeMs,
      "Finished records older than this (ms since they settled) are deleted. 365 days.",
    ),
    capturedTextMaxRecords: positiveInteger(
      CONTINUATION_RETENTION_DEFAULTS.capturedTextMaxRecords,
      "Most capture-mode texts kept; older ones are scrubbed from their records.",
    ),
    capturedTextMaxAgeMs: positiveInteger(
      CONTINUATION_RETENTION_DEFAULTS.capturedTextMaxAgeMs,
      "Captured text older than this (ms) is scrubbed. 30 days.",
    ),
  })
  .describe("How long finished continuation records and captured text are kept (swept at start and hourly).");

export const namedRouteSchema = z
  .strictObject({
    mode: z
      .enum(["notify_if_actionable", "capture", "silent"])
      .describe("notify_if_actionable and capture need conversationId; silent forbids it."),
    conversationId: z
      .string()
      .min(1)
      .optional()
      .describe("Conversation that receives the result, e.g. cli:default."),
  })
  .superRefine((route, context) => {
    if (route.mode === "silent" && route.conversationId !== undefined) {
      context.addIssue({
        code: "custom",
        path: ["conversationId"],
        message: 'mode "silent" does not accept conversationId; remove it or choose "capture"',
      });
    }
    if (route.mode !== "silent" && route.conversationId === undefined) {
      context.addIssue({
        code: "custom",
        path: ["conversationId"],
        message: `mode "${route.mode}" needs a conversationId such as "cli:default"`,
      });
    }
  })
  .describe("A named destination for continuation results.");

export const continuationsSchema = z
  .strictObject({
    enabled: z
      .boolean()
      .default(true)
      .describe("false disables the service and continuation claims. Default true."),
    host: z
      .enum(LOOPBACK_HOSTS)
      .default("127.0.0.1")
      .describe(
        'Loopback host of the continuation service: 127.0.0.1, localhost or ::1. Default "127.0.0.1".',
      ),
    port: z
      .number()
      .int()
      .min(1)
      .max(MAX_TCP_PORT)
      .default(DEFAULT_CONTINUATIONS_PORT)
      .describe("Port of the continuation service (1..65535). Default 4319."),
    stateDir: z
      .string()
      .min(1)
      .default(".mono-agent/continuations")
      .describe('State folder, relative to the agent folder. Default ".mono-agent/continuations".'),
    limits: continuationLimitsSchema.prefault({}),
    retention: continuationRetentionSchema.prefault({}),
    namedRoutes: z
      .record(z.string().min(1), namedRouteSchema)
      .default({})
      .describe("Named destinations for results, keyed by route name."),
    detachedServices: z
      .array(detachedServiceSchema)
      .default([])
      .superRefine((services, context) => {
        const seen = new Set<string>();
        services.forEach((service, index) => {
          if (seen.has(service.name))
            context.addIssue({
              code: "custom",
              path: [index, "name"],
              message: `service name "${service.name}" is declared twice; each detached service needs its own name`,
            });
          seen.add(service.name);
        });
      })
      .describe(
        "Services that may claim continuations outside a request (POST /v1/continuations/detached/claim) onto a named route.",
      ),
  })
  .describe("Durable continuations: asynchronous results delivered later to a conversation.");
