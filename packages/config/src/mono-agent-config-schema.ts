import * as z from "zod";
import { artifactsSchema } from "./schema/artifacts-schema.js";
import { a2aSchema, collaboratorsSchema } from "./schema/collaborators-schema.js";
import { continuationsSchema } from "./schema/continuations-schema.js";
import { interactionSchema, webSchema } from "./schema/interaction-schema.js";
import { memorySchema } from "./schema/memory-schema.js";
import { modelsSchema } from "./schema/models-schema.js";
import { runtimeSchema } from "./schema/runtime-schema.js";
import { sandboxSchema } from "./schema/sandbox-schema.js";
import { slackSchema } from "./schema/slack-schema.js";
import { storageSchema } from "./schema/storage-schema.js";
import { telegramSchema } from "./schema/telegram-schema.js";
import { toolsSchema } from "./schema/tools-schema.js";
import { triggersSchema } from "./schema/triggers-schema.js";

/** Schema of `mono-agent.config.json`: strict everywhere, defaults applied on output. */
export const monoAgentConfigSchema = z
  .strictObject({
    $schema: z.string().optional().describe("JSON Schema of this file, for editors."),
    runtime: runtimeSchema.prefault({}),
    models: modelsSchema.prefault({}),
    tools: toolsSchema.prefault({}),
    artifacts: artifactsSchema.prefault({}),
    memory: memorySchema.optional(),
    interaction: interactionSchema.prefault({}),
    continuations: continuationsSchema.optional(),
    web: webSchema.optional(),
    sandbox: sandboxSchema.prefault({}),
    slack: slackSchema.optional(),
    storage: storageSchema.optional(),
    telegram: telegramSchema.optional(),
    triggers: triggersSchema.optional(),
    collaborators: collaboratorsSchema.optional(),
    a2a: a2aSchema.optional(),
  })
  .describe("mono-agent.config.json: the agent's configuration.");

/** The config after defaults (and, from the loader, env overrides) are applied. */
export type MonoAgentConfig = z.output<typeof monoAgentConfigSchema>;
