import * as z from "zod";
import { envReferenceSchema } from "./env-reference-schema.js";
import { portSchema } from "./interaction-schema.js";
import { MAX_TIMEOUT_MS, timeoutMsSchema } from "./timeout-ms-schema.js";

/** A collaborator's name: what the model passes to AskCollaborator (letters, digits, `_`, `-`, at most 48). */
export const COLLABORATOR_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,47}$/;

/** Default bounds of one collaborator call. */
export const COLLABORATOR_DEFAULTS = {
  /** How long AskCollaborator waits for an answer before the task is handed off (or given up): one minute. */
  waitMs: 60_000,
  /** How long a handed-off task may take before it is given up: one day (as an MCP task handed off). */
  handoffDeadlineMs: 86_400_000,
  /** Largest answer read from a collaborator (the whole HTTP body, or all events of a stream): 1 MiB. */
  maxAnswerBytes: 1_048_576,
  /** Deepest nesting of arrays and objects accepted in an answer: 32 (the continuation service allows 64 for its own bodies). */
  maxAnswerDepth: 32,
} as const;

/** Default port of mono-agent's own A2A endpoint (`a2a` block, `mono-agent serve`). */
export const DEFAULT_A2A_PORT = 4320;

/** Largest A2A request body mono-agent accepts by default: 256 KiB (a question, not a file transfer). */
export const DEFAULT_A2A_MAX_BODY_BYTES = 262_144;

const timeoutMs = (defaultValue: number, description: string) =>
  timeoutMsSchema
    .default(defaultValue)
    .describe(`${description} (1..${MAX_TIMEOUT_MS}). Default ${defaultValue}.`);

export const collaboratorSchema = z
  .strictObject({
    cardUrl: z
      .url({ protocol: /^https?$/, error: "expected the http(s) URL of the collaborator's agent card" })
      .describe(
        "URL of the collaborator's agent card, e.g. http://127.0.0.1:4320/.well-known/agent-card.json. Calls go only to endpoints the card declares on this URL's origin.",
      ),
    bearer: envReferenceSchema
      .optional()
      .describe(
        'The bearer sent as Authorization: Bearer <token>, read from the host environment: { "$env": "REVIEWER_A2A_TOKEN" } (a literal token is refused: it would sit in the file).',
      ),
    description: z
      .string()
      .max(500)
      .optional()
      .describe("What the collaborator is good at, shown to the model in AskCollaborator's description."),
    waitMs: timeoutMs(
      COLLABORATOR_DEFAULTS.waitMs,
      "How long one AskCollaborator call waits for the answer; a task still working then is handed to the continuation service (when it runs) or cancelled",
    ),
    handoffDeadlineMs: timeoutMs(
      COLLABORATOR_DEFAULTS.handoffDeadlineMs,
      "How long a handed-off task may still take before it is given up",
    ),
    maxAnswerBytes: z
      .number()
      .int()
      .min(1024)
      .max(16_777_216)
      .default(COLLABORATOR_DEFAULTS.maxAnswerBytes)
      .describe(
        `Largest answer read from the collaborator, in bytes (1024..16777216). Default ${COLLABORATOR_DEFAULTS.maxAnswerBytes}.`,
      ),
  })
  .describe("One collaborator: another agent reached over the A2A protocol.");

export const collaboratorsSchema = z
  .record(
    z.string().regex(COLLABORATOR_NAME_PATTERN, {
      error: "expected a collaborator name: a letter, then letters, digits, _ or -, at most 48",
    }),
    collaboratorSchema,
  )
  .describe(
    "Named collaborators (A2A agents) the agent may ask through AskCollaborator. The tool exists only when at least one is configured.",
  );

export const a2aSchema = z
  .strictObject({
    enabled: z
      .boolean()
      .default(true)
      .describe("Serve the A2A endpoint with mono-agent serve. Default true."),
    host: z
      .enum(["127.0.0.1", "localhost", "::1"])
      .default("127.0.0.1")
      .describe(
        'Loopback address the A2A endpoint binds (put a TLS proxy in front to publish it). Default "127.0.0.1".',
      ),
    port: portSchema
      .default(DEFAULT_A2A_PORT)
      .describe(`Port of the A2A endpoint. Default ${DEFAULT_A2A_PORT}.`),
    bearer: envReferenceSchema.describe(
      'The bearer every caller must send, read from the host environment: { "$env": "MONO_AGENT_A2A_TOKEN" } (at least 16 characters).',
    ),
    name: z
      .string()
      .min(1)
      .max(100)
      .optional()
      .describe("The agent card's name. Default the agent folder's name."),
    description: z
      .string()
      .max(1000)
      .optional()
      .describe("The agent card's description: what this agent can answer."),
    publicUrl: z
      .url({ protocol: /^https?$/, error: "expected the http(s) URL callers reach the endpoint at" })
      .optional()
      .describe(
        "The URL callers reach the endpoint at, when a proxy publishes it; the card names it and Host checks accept its host. Default http://<host>:<port>.",
      ),
    maxBodyBytes: z
      .number()
      .int()
      .min(1024)
      .max(16_777_216)
      .default(DEFAULT_A2A_MAX_BODY_BYTES)
      .describe(`Largest request body, in bytes. Default ${DEFAULT_A2A_MAX_BODY_BYTES}.`),
  })
  .describe(
    "mono-agent as an A2A agent (mono-agent serve): publishes an agent card and answers A2A calls, each a run in its own conversation.",
  );

/** `collaborators` after defaults. */
export type CollaboratorsConfig = z.output<typeof collaboratorsSchema>;
/** One collaborator after defaults. */
export type CollaboratorConfig = z.output<typeof collaboratorSchema>;
/** `a2a` after defaults. */
export type A2aConfig = z.output<typeof a2aSchema>;
