import { z } from "zod";

/** TCP ports: 0 asks the OS for a free port. */
export const portSchema = z.number().int().min(0).max(65_535);

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
  .describe("Progress reports and the loopback interaction bridge.");

export const webSchema = z
  .strictObject({
    port: z
      .number()
      .int()
      .min(1)
      .max(65_535)
      .default(4317)
      .describe("Web console port (1..65535). Default 4317."),
    host: z.string().min(1).default("127.0.0.1").describe('Web console host. Default "127.0.0.1".'),
  })
  .describe("The web console (mono-agent serve).");
