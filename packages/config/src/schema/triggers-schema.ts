import { CONVERSATION_ID_FORM, isConversationId } from "@mono-agent/ids";
import * as z from "zod";
import { envReferenceSchema } from "./env-reference-schema.js";
import { MAX_TCP_PORT } from "./interaction-schema.js";
import { MODEL_REFERENCE_PATTERN } from "./runtime-schema.js";

/** Trigger names: path-safe and id-safe (`/hooks/<name>`, `cron:<name>`): lower-case letter or digit, then up to 47 of `a-z 0-9 _ -`. */
export const TRIGGER_NAME_PATTERN = /^[a-z0-9][a-z0-9_-]{0,47}$/;

/** Default port of the webhook server, next to the web console's 4317 and the continuation service's 4319. */
export const DEFAULT_WEBHOOK_PORT = 4318;

/** Largest webhook body accepted unless the trigger says less, in bytes: 64 KiB, a generous event payload. */
export const DEFAULT_WEBHOOK_MAX_BODY_BYTES = 65_536;

/** Largest `maxBodyBytes` a webhook may set: 1 MiB, the request-scoped endpoints' body cap (reference §3.4). */
export const WEBHOOK_MAX_BODY_BYTES_LIMIT = 1_048_576;

/** Header a webhook's HMAC signature arrives in unless the trigger names another (GitHub's spelling). */
export const DEFAULT_SIGNATURE_HEADER = "x-hub-signature-256";

/**
 * Headers a webhook takes its delivery id from unless the trigger names others, the first present wins:
 * GitHub (`X-GitHub-Delivery`), GitLab (`X-Gitlab-Event-UUID`), Standard Webhooks (`webhook-id`), the
 * IETF Idempotency-Key draft and the common `X-Request-Id`. A sender that reuses the id on a retry
 * starts no second run.
 */
export const DEFAULT_DELIVERY_ID_HEADERS: readonly string[] = [
  "x-github-delivery",
  "x-gitlab-event-uuid",
  "webhook-id",
  "idempotency-key",
  "x-request-id",
];

/** Most delivery id headers one webhook names: more is a config mistake, not a sender. */
export const DELIVERY_ID_HEADERS_MAX = 8;

const HEADER_NAME_PATTERN = /^[A-Za-z0-9-]{1,64}$/;

/**
 * Longest trigger prompt, in characters: with a webhook body (at most 60,000 characters quoted) it stays
 * under the web console's 100,000-character message bound, so a trigger thread can always show it.
 */
export const TRIGGER_PROMPT_MAX_CHARACTERS = 20_000;

/** Shortest bearer or signing secret a webhook accepts, in characters (as detached continuation services). */
export const WEBHOOK_SECRET_MIN_CHARS = 16;

function isIanaTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const secretReferenceSchema = envReferenceSchema
  .refine((reference) => reference.default === undefined, {
    error: 'a secret has no "default" (it would be a literal secret in the file); set the variable instead',
  })
  .describe(
    `{ "$env": "NAME" }: the variable holding the secret (at least ${WEBHOOK_SECRET_MIN_CHARS} characters).`,
  );

export const triggerDestinationSchema = z
  .union([
    z.strictObject({
      conversationId: z
        .string()
        .refine(isConversationId, { error: `expected a conversation id: ${CONVERSATION_ID_FORM}` })
        .describe("Deliver into this conversation (cli:ops, slack:C123, telegram:42, ...)."),
    }),
    z.strictObject({
      webThread: z.literal("new").describe("Open a new web console thread for every run (needs serve)."),
    }),
  ])
  .describe(
    'Where the answer goes: { "conversationId": "<channel>:<id>" } or { "webThread": "new" }. Default: the trigger\'s own conversation cron:<name> / webhook:<name>.',
  );

const commonTriggerShape = {
  prompt: z
    .string()
    .trim()
    .min(1, { error: "expected a non-empty prompt" })
    .max(TRIGGER_PROMPT_MAX_CHARACTERS)
    .describe("The message the run starts with (a webhook's body follows it as untrusted input)."),
  model: z
    .string()
    .regex(MODEL_REFERENCE_PATTERN, { error: 'expected "<provider>:<modelId>", e.g. "openai:gpt-4o-mini"' })
    .optional()
    .describe("Overrides runtime.model for this trigger's runs."),
  destination: triggerDestinationSchema.optional(),
  isolated: z
    .boolean()
    .optional()
    .describe(
      "Run one-shot without the destination's history, its SessionHistory records isolated. Default runtime.session.isolateProactive.",
    ),
  enabled: z
    .boolean()
    .default(true)
    .describe("false keeps the trigger declared but never run. Default true."),
};

export const scheduleTriggerSchema = z
  .strictObject({
    cron: z
      .string()
      .trim()
      .min(1)
      .describe(
        'Cron expression, five fields "minute hour day-of-month month day-of-week", e.g. "0 9 * * 1-5".',
      ),
    timezone: z
      .string()
      .refine(isIanaTimeZone, { error: "expected an IANA time zone such as Europe/Amsterdam or UTC" })
      .optional()
      .describe("IANA time zone the expression is read in. Default: the host time zone."),
    catchUp: z
      .enum(["latest", "skip"])
      .default("latest")
      .describe(
        'Fire times missed while no serve ran: "latest" runs once for the newest, "skip" runs none that are over a minute late. Default "latest".',
      ),
    ...commonTriggerShape,
  })
  .describe("A scheduled trigger: runs its prompt at each fire time while `mono-agent serve` runs.");

export const webhookTriggerSchema = z
  .strictObject({
    bearer: secretReferenceSchema
      .optional()
      .describe('Callers send "Authorization: Bearer <value of the variable>".'),
    signature: z
      .strictObject({
        secret: secretReferenceSchema,
        header: z
          .string()
          .regex(HEADER_NAME_PATTERN, { error: "expected a header name such as x-hub-signature-256" })
          .default(DEFAULT_SIGNATURE_HEADER)
          .describe(
            `Header carrying "sha256=<hex HMAC of the body>". Default "${DEFAULT_SIGNATURE_HEADER}".`,
          ),
        timestampHeader: z
          .string()
          .regex(HEADER_NAME_PATTERN, { error: "expected a header name such as x-webhook-timestamp" })
          .transform((name) => name.toLowerCase())
          .optional()
          .describe(
            'Header carrying the unix-seconds time the call was signed; the signature then covers "<timestamp>.<body>" and a call more than 5 minutes off is refused. Unset: the signature covers the body alone.',
          ),
      })
      .optional()
      .describe("HMAC-SHA256 of the exact body under a shared secret, checked in constant time."),
    deliveryIdHeaders: z
      .array(
        z
          .string()
          .regex(HEADER_NAME_PATTERN, { error: "expected a header name such as x-github-delivery" })
          .transform((name) => name.toLowerCase()),
      )
      .max(DELIVERY_ID_HEADERS_MAX)
      .default([...DEFAULT_DELIVERY_ID_HEADERS])
      .describe(
        `Headers carrying the sender's delivery id, first present wins; a delivery id seen again within 3 days starts no second run (answered 200 with "duplicate": true). [] turns it off. Default ${DEFAULT_DELIVERY_ID_HEADERS.join(", ")}.`,
      ),
    maxBodyBytes: z
      .number()
      .int()
      .min(1)
      .max(WEBHOOK_MAX_BODY_BYTES_LIMIT)
      .default(DEFAULT_WEBHOOK_MAX_BODY_BYTES)
      .describe(
        `Largest body accepted (1..${WEBHOOK_MAX_BODY_BYTES_LIMIT}); larger is 413. Default ${DEFAULT_WEBHOOK_MAX_BODY_BYTES}.`,
      ),
    ...commonTriggerShape,
  })
  .refine((webhook) => webhook.bearer !== undefined || webhook.signature !== undefined, {
    error: 'a webhook needs "bearer" or "signature" (or both): an open route would run the agent for anyone',
  })
  .describe("A webhook trigger: POST /hooks/<name> on the webhook server runs its prompt with the body.");

const triggerName = z.string().regex(TRIGGER_NAME_PATTERN, {
  error: 'expected a trigger name: a lower-case letter or digit, then up to 47 of a-z, 0-9, "_" or "-"',
});

export const triggersSchema = z
  .strictObject({
    schedules: z
      .record(triggerName, scheduleTriggerSchema)
      .default({})
      .describe("Scheduled triggers by name."),
    webhooks: z.record(triggerName, webhookTriggerSchema).default({}).describe("Webhook triggers by name."),
    webhookServer: z
      .strictObject({
        host: z
          .string()
          .min(1)
          .default("127.0.0.1")
          .describe('Address the webhook server binds. Default "127.0.0.1" (loopback only).'),
        port: z
          .number()
          .int()
          .min(0)
          .max(MAX_TCP_PORT)
          .default(DEFAULT_WEBHOOK_PORT)
          .describe(`Port of the webhook server (0 picks a free one). Default ${DEFAULT_WEBHOOK_PORT}.`),
        exposed: z
          .boolean()
          .default(false)
          .describe("Required to bind a non-loopback host: anyone who can reach it may call the routes."),
      })
      .prefault({}),
  })
  .superRefine((triggers, context) => {
    for (const name of Object.keys(triggers.webhooks))
      if (Object.hasOwn(triggers.schedules, name))
        context.addIssue({
          code: "custom",
          path: ["webhooks", name],
          message: `trigger "${name}" is declared in schedules and in webhooks; give each trigger its own name`,
        });
  })
  .describe("Runs no person typed: schedules and webhooks (docs/triggers.md).");

/** `triggers` after defaults. */
export type TriggersConfig = z.output<typeof triggersSchema>;
export type ScheduleTriggerConfig = z.output<typeof scheduleTriggerSchema>;
export type WebhookTriggerConfig = z.output<typeof webhookTriggerSchema>;
export type TriggerDestination = z.output<typeof triggerDestinationSchema>;
