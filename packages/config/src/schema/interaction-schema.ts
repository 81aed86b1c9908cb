import * as z from "zod";
import { answerersSchema } from "./answerers-schema.js";
import { timeoutMsSchema } from "./timeout-ms-schema.js";

/** Default longest wait of one AskUser question, in ms (mono-agent v0: 600000, ten minutes). */
export const DEFAULT_ASK_USER_TIMEOUT_MS = 600_000;

/** Highest TCP port number. */
export const MAX_TCP_PORT = 65_535;
/** Default port of the web console (mono-agent serve), next to the continuation service's 4319. */
export const DEFAULT_WEB_PORT = 4317;

/** TCP ports: 0 asks the OS for a free port. */
export const portSchema = z.number().int().min(0).max(MAX_TCP_PORT);

export const interactionSchema = z
  .strictObject({
    progress: z
      .strictObject({
        enabled: z
          .boolean()
          .default(true)
          .describe(
            'Let opted-in MCP servers post progress. Env MONO_AGENT_PROGRESS_ENABLED ("false" disables). Default true.',
          ),
      })
      .prefault({}),
    askUser: z
      .strictObject({
        timeoutMs: timeoutMsSchema
          .nullable()
          .default(DEFAULT_ASK_USER_TIMEOUT_MS)
          .describe(
            'Longest wait for an AskUser answer, in ms; a shorter timeout the model asks for wins; null = no expiry (and no absolute call cap on AskUser). Env MONO_AGENT_ASK_USER_TIMEOUT_MS ("none" = null). Default 600000.',
          ),
      })
      .prefault({}),
    answerers: answerersSchema.prefault({}),
    bridge: z
      .strictObject({
        host: z
          .string()
          .min(1)
          .default("127.0.0.1")
          .describe('Interaction bridge host. Env MONO_AGENT_INTERACTION_BRIDGE_HOST. Default "127.0.0.1".'),
        port: portSchema
          .default(0)
          .describe(
            "Interaction bridge port; 0 = any free port. Env MONO_AGENT_INTERACTION_BRIDGE_PORT. Default 0.",
          ),
      })
      .prefault({}),
  })
  .describe(
    "Progress reports, AskUser, who may answer asks and approvals, and the loopback interaction bridge.",
  );

export const webSchema = z
  .strictObject({
    port: z
      .number()
      .int()
      .min(1)
      .max(MAX_TCP_PORT)
      .default(DEFAULT_WEB_PORT)
      .describe("Web console port (1..65535). Default 4317."),
    host: z.string().min(1).default("127.0.0.1").describe('Web console host. Default "127.0.0.1".'),
  })
  .describe("The web console (mono-agent serve).");
