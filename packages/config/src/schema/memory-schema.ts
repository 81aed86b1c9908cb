import * as z from "zod";
import { envReferenceSchema } from "./env-reference-schema.js";
import { httpUrlSchema } from "./http-url-schema.js";

/** Default cap of the auto-recall block, in bytes (v0 default). */
export const DEFAULT_MEMORY_MAX_BYTES = 64_000;

/** The local memory tiers (reference §1.4): FTS only, FTS + vectors, curated by a model. */
export const MEMORY_MODES = ["lite", "journal", "bujo"] as const;

/** Default base URL of each embeddings provider; each serves the OpenAI-compatible `/v1/embeddings`. */
export const EMBEDDINGS_DEFAULT_ENDPOINTS = {
  ollama: "http://127.0.0.1:11434",
  lmstudio: "http://127.0.0.1:1234",
  openai: "https://api.openai.com",
} as const;

const toolSwitchSchema = (what: string, envVar: string) =>
  z
    .strictObject({
      enabled: z.boolean().default(true).describe(`Offer ${what}. Env ${envVar}. Default true.`),
    })
    .prefault({});

const embeddingsSchema = z
  .strictObject({
    provider: z
      .enum(["ollama", "lmstudio", "openai"])
      .default("ollama")
      .describe(
        'Who serves the embeddings: "ollama", "lmstudio" or "openai". No cross-provider fallback. Default "ollama".',
      ),
    model: z
      .string()
      .min(1)
      .default("nomic-embed-text:v1.5")
      .describe('Embedding model. Default "nomic-embed-text:v1.5".'),
    dim: z
      .number()
      .int()
      .min(1)
      .max(8192)
      .default(768)
      .describe("Vector dimension the model returns. Default 768."),
    endpoint: httpUrlSchema
      .optional()
      .describe(
        "Base URL of the OpenAI-compatible API (POST <endpoint>/v1/embeddings). Default per provider: ollama http://127.0.0.1:11434, lmstudio http://127.0.0.1:1234, openai https://api.openai.com.",
      ),
    apiKey: envReferenceSchema
      .optional()
      .describe('Bearer key, read from the host environment: { "$env": "OPENAI_API_KEY" }. Never a literal.'),
    timeoutMs: z
      .number()
      .int()
      .min(100)
      .max(600_000)
      .default(10_000)
      .describe("Timeout of one request, in ms. Default 10000."),
    circuitBreaker: z
      .strictObject({
        failureThreshold: z
          .number()
          .int()
          .min(1)
          .max(100)
          .default(3)
          .describe("Consecutive failures that open the breaker. Default 3."),
        cooldownMs: z
          .number()
          .int()
          .min(100)
          .max(3_600_000)
          .default(30_000)
          .describe("How long an open breaker waits before one trial request. Default 30000."),
      })
      .prefault({})
      .describe("While open, MemoryRecall answers from full text alone with degraded: true and a reason."),
  })
  .describe("Embeddings of the journal and bujo tiers (required there, refused by lite).");

const llmSchema = z
  .strictObject({
    provider: z
      .enum(["ollama", "agent-host"])
      .default("agent-host")
      .describe(
        '"agent-host" curates with the run\'s own model; "ollama" with a local one at endpoint. Default "agent-host".',
      ),
    model: z.string().min(1).optional().describe("Curation model (ollama: required)."),
    endpoint: httpUrlSchema
      .optional()
      .describe("Base URL of the ollama server. Refused with provider agent-host."),
    timeoutMs: z
      .number()
      .int()
      .min(1_000)
      .max(600_000)
      .default(60_000)
      .describe("Timeout of one curation call, in ms (1000-600000). Default 60000."),
    trace: z.boolean().default(true).describe("Record curation calls in the audit. Default true."),
  })
  .superRefine((llm, context) => {
    if (llm.provider === "agent-host" && llm.endpoint !== undefined)
      context.addIssue({
        code: "custom",
        path: ["endpoint"],
        message:
          'provider "agent-host" uses the run\'s own model and takes no endpoint; remove memory.llm.endpoint or set provider "ollama"',
      });
    if (llm.provider === "ollama" && llm.model === undefined)
      context.addIssue({
        code: "custom",
        path: ["model"],
        message: 'provider "ollama" needs memory.llm.model, e.g. "llama3.1:8b"',
      });
  })
  .describe("The chat model that curates the bujo tier (required there, refused by lite and journal).");

const consolidationSchema = z
  .strictObject({
    enabled: z.boolean().default(true).describe("Run consolidation on the schedule. Default true."),
    cron: z
      .string()
      .trim()
      .min(1)
      .default("0 */2 * * *")
      .describe('Five-field cron expression of the consolidation schedule. Default "0 */2 * * *".'),
  })
  .describe("Consolidation of the bujo tier (bujo only).");

const supermemorySchema = z
  .strictObject({
    endpoint: httpUrlSchema
      .default("https://api.supermemory.ai")
      .describe("Base URL of the Supermemory API. Default https://api.supermemory.ai."),
    apiKey: envReferenceSchema.describe(
      'The API key, read from the host environment: { "$env": "SUPERMEMORY_API_KEY" }.',
    ),
    containerTag: z.string().min(1).max(100).optional().describe("Restricts recall to one container tag."),
    timeoutMs: z
      .number()
      .int()
      .min(100)
      .max(600_000)
      .default(10_000)
      .describe("Timeout of one search, in ms. Default 10000."),
  })
  .describe("The remote Supermemory store (backend supermemory): recall only, no journal, no Remember.");

/** One tier-matrix violation: the key, and the sentence that names the fix. */
interface TierProblem {
  path: string[];
  message: string;
}

/** The strict tier matrix of reference §1.4: no silent downshift, each problem names the key and the fix. */
function tierProblems(memory: {
  backend: string;
  mode: string;
  writeMode: string;
  embeddings?: unknown;
  llm?: unknown;
  consolidation?: unknown;
  supermemory?: unknown;
}): TierProblem[] {
  const problems: TierProblem[] = [];
  const forbid = (key: string, why: string) =>
    problems.push({ path: [key], message: `memory.${key} is not used by ${why}; remove memory.${key}` });
  if (memory.backend === "supermemory") {
    if (memory.supermemory === undefined)
      problems.push({
        path: ["supermemory"],
        message:
          'backend "supermemory" needs memory.supermemory with the API key, e.g. { "apiKey": { "$env": "SUPERMEMORY_API_KEY" } }',
      });
    if (memory.mode !== "lite")
      problems.push({
        path: ["mode"],
        message: `memory.mode "${memory.mode}" is a tier of the built-in store, not of backend "supermemory"; remove memory.mode or set backend "bujo"`,
      });
    for (const key of ["embeddings", "llm", "consolidation"] as const)
      if (memory[key] !== undefined)
        forbid(key, 'backend "supermemory" (the remote store embeds and curates itself)');
    if (memory.writeMode !== "disabled")
      problems.push({
        path: ["writeMode"],
        message: `backend "supermemory" has no write surface; remove memory.writeMode "${memory.writeMode}"`,
      });
    return problems;
  }
  if (memory.supermemory !== undefined)
    problems.push({
      path: ["supermemory"],
      message:
        'memory.supermemory is read only with backend "supermemory"; set memory.backend "supermemory" or remove memory.supermemory',
    });
  const tier = `mode "${memory.mode}"`;
  if (memory.mode === "lite") {
    if (memory.embeddings !== undefined)
      forbid("embeddings", `${tier} (full text only); set mode "journal" to search by meaning`);
    if (memory.llm !== undefined)
      forbid("llm", `${tier}; set mode "bujo" (with memory.embeddings) for model curation`);
  } else {
    if (memory.embeddings === undefined)
      problems.push({
        path: ["embeddings"],
        message: `${tier} requires memory.embeddings, e.g. { "provider": "ollama", "model": "nomic-embed-text:v1.5", "dim": 768 }; or set mode "lite"`,
      });
    if (memory.mode === "journal") {
      if (memory.llm !== undefined) forbid("llm", `${tier} (no model curation); set mode "bujo" to curate`);
      if (memory.consolidation !== undefined) forbid("consolidation", `${tier}; consolidation is bujo only`);
    } else if (memory.llm === undefined) {
      problems.push({
        path: ["llm"],
        message: `${tier} requires memory.llm, e.g. { "provider": "agent-host" }; or set mode "journal"`,
      });
    }
  }
  if (memory.mode === "lite" && memory.consolidation !== undefined)
    forbid("consolidation", `${tier}; consolidation is bujo only`);
  if (memory.writeMode === "capture" && memory.mode !== "bujo")
    problems.push({
      path: ["writeMode"],
      message: `memory.writeMode "capture" needs model curation (mode "bujo"); use "append-host-summary" or "disabled" with ${tier}`,
    });
  return problems;
}

export const memorySchema = z
  .strictObject({
    backend: z
      .enum(["bujo", "supermemory"])
      .default("bujo")
      .describe(
        '"bujo" is the built-in local store (memory.mode picks its tier); "supermemory" the remote Supermemory API (recall only). Env MONO_AGENT_MEMORY_BACKEND. Default "bujo".',
      ),
    path: z
      .string()
      .min(1)
      .describe(
        "Memory folder, relative to the agent folder. Required; alone it enables memory. Env MONO_AGENT_MEMORY_PATH.",
      ),
    mode: z
      .enum(MEMORY_MODES)
      .default("lite")
      .describe(
        'Tier of the built-in store: "lite" (full text), "journal" (full text + vectors, needs embeddings), "bujo" (curated by a model, needs embeddings and llm). Env MONO_AGENT_MEMORY_MODE. Default "lite".',
      ),
    maxBytes: z
      .number()
      .int()
      .min(1)
      .default(DEFAULT_MEMORY_MAX_BYTES)
      .describe(
        `Cap of the auto-recall block in bytes. Env MONO_AGENT_MEMORY_MAX_BYTES. Default ${DEFAULT_MEMORY_MAX_BYTES}.`,
      ),
    writeMode: z
      .enum(["disabled", "append-host-summary", "capture"])
      .default("disabled")
      .describe(
        'What each run writes by itself: "disabled", "append-host-summary", or "capture" (bujo only). Env MONO_AGENT_MEMORY_WRITE_MODE. Default "disabled".',
      ),
    recallTool: toolSwitchSchema("MemoryRecall and MemoryJournal", "MONO_AGENT_MEMORY_RECALL_TOOL_ENABLED"),
    rememberTool: toolSwitchSchema("Remember", "MONO_AGENT_MEMORY_REMEMBER_TOOL_ENABLED"),
    embeddings: embeddingsSchema.optional(),
    llm: llmSchema.optional(),
    consolidation: consolidationSchema.optional(),
    supermemory: supermemorySchema.optional(),
  })
  .superRefine((memory, context) => {
    for (const problem of tierProblems(memory))
      context.addIssue({ code: "custom", path: problem.path, message: problem.message });
  })
  .describe(
    'Memory. { "path": "./memory" } alone enables the lite store with Remember, MemoryRecall and MemoryJournal.',
  );

/** The `memory` block after defaults. */
export type MemoryConfig = z.output<typeof memorySchema>;
