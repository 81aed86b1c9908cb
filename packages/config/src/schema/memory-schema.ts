import * as z from "zod";

/** Default cap of the auto-recall block, in bytes (v0 default). */
export const DEFAULT_MEMORY_MAX_BYTES = 64_000;

const toolSwitchSchema = (what: string, envVar: string) =>
  z
    .strictObject({
      enabled: z.boolean().default(true).describe(`Offer ${what}. Env ${envVar}. Default true.`),
    })
    .prefault({});

export const memorySchema = z
  .strictObject({
    path: z
      .string()
      .min(1)
      .describe(
        "Memory folder, relative to the agent folder. Required; alone it enables memory. Env MONO_AGENT_MEMORY_PATH.",
      ),
    mode: z
      .enum(["lite"])
      .default("lite")
      .describe('Memory tier; only "lite" for now. Env MONO_AGENT_MEMORY_MODE.'),
    maxBytes: z
      .number()
      .int()
      .min(1)
      .default(DEFAULT_MEMORY_MAX_BYTES)
      .describe(
        `Cap of the auto-recall block in bytes. Env MONO_AGENT_MEMORY_MAX_BYTES. Default ${DEFAULT_MEMORY_MAX_BYTES}.`,
      ),
    recallTool: toolSwitchSchema("MemoryRecall and MemoryJournal", "MONO_AGENT_MEMORY_RECALL_TOOL_ENABLED"),
    rememberTool: toolSwitchSchema("Remember", "MONO_AGENT_MEMORY_REMEMBER_TOOL_ENABLED"),
  })
  .describe('Local memory. { "path": "./memory" } alone enables Remember, MemoryRecall and MemoryJournal.');
