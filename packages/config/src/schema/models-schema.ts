import * as z from "zod";
import { configValueSchema, envVarNameSchema } from "./env-reference-schema.js";
import { httpUrlSchema } from "./http-url-schema.js";

/** Provider names: lower-case letter first, then lower-case letters, digits or `-`, at most 32 characters. */
export const PROVIDER_NAME_PATTERN = /^[a-z][a-z0-9-]{0,31}$/;

export const providerCompatSchema = z
  .strictObject({
    supportsDeveloperRole: z.boolean().optional().describe("Endpoint accepts the developer role."),
    supportsReasoningEffort: z.boolean().optional().describe("Endpoint accepts reasoning_effort."),
    supportsStore: z.boolean().optional().describe("Endpoint accepts store."),
    supportsStrictMode: z.boolean().optional().describe("Endpoint accepts strict tool schemas."),
    supportsUsageInStreaming: z.boolean().optional().describe("Endpoint reports usage while streaming."),
    maxTokensField: z
      .enum(["max_tokens", "max_completion_tokens"])
      .optional()
      .describe("Name of the max-tokens request field."),
  })
  .describe("Compatibility flags of an OpenAI-compatible endpoint.");

export const providerSchema = z
  .strictObject({
    baseUrl: httpUrlSchema.describe("Base URL of the OpenAI-compatible API, e.g. http://127.0.0.1:11434/v1."),
    apiKeyEnv: envVarNameSchema
      .optional()
      .describe("Name of the env variable holding the API key (never the key)."),
    api: z.literal("openai-completions").optional().describe('Wire API; only "openai-completions".'),
    compat: providerCompatSchema.optional(),
    headers: z
      .record(z.string(), configValueSchema)
      .optional()
      .describe('Extra HTTP headers: literal strings or { "$env": "NAME" }.'),
    contextWindow: z.number().int().min(1).optional().describe("Context window of the models, in tokens."),
    maxTokens: z.number().int().min(1).optional().describe("Maximum output tokens per response."),
  })
  .describe("An OpenAI-compatible endpoint such as Ollama, LM Studio or vLLM; any model id is accepted.");

export const modelsSchema = z
  .strictObject({
    providers: z
      .record(
        z.string().regex(PROVIDER_NAME_PATTERN, {
          error:
            'expected a provider name: lower-case letter, then up to 31 lower-case letters, digits or "-"',
        }),
        providerSchema,
      )
      .default({})
      .describe('Extra providers by name, used as runtime.model "<name>:<modelId>".'),
  })
  .describe("Model providers beyond the built-in ones.");
