import { z } from "zod";
import { MAX_TCP_PORT } from "./interaction-schema.js";

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
} as const;

const positiveInteger = (defaultValue: number, description: string) =>
  z.number().int().min(1).default(defaultValue).describe(`${description} Default ${defaultValue}.`);

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
    synthesisTimeoutMs: positiveInteger(
      CONTINUATION_LIMIT_DEFAULTS.synthesisTimeoutMs,
      "Time allowed for one synthesis run, in ms.",
    ),
    deliveryTimeoutMs: positiveInteger(
      CONTINUATION_LIMIT_DEFAULTS.deliveryTimeoutMs,
      "Time allowed for one delivery, in ms.",
    ),
  })
  .describe("Bounds of the continuation service (v0 defaults).");

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
    namedRoutes: z
      .record(z.string().min(1), namedRouteSchema)
      .default({})
      .describe("Named destinations for results, keyed by route name."),
  })
  .describe("Durable continuations: asynchronous results delivered later to a conversation.");
