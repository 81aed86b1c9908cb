import type { StreamFn } from "@earendil-works/pi-agent-core";
import {
  type Api,
  createModels,
  createProvider,
  type Model,
  type OpenAICompletionsCompat,
  type Provider,
} from "@earendil-works/pi-ai";
import { openAICompletionsApi } from "@earendil-works/pi-ai/api/openai-completions.lazy";
import { builtinProviders, getBuiltinProviders } from "@earendil-works/pi-ai/providers/all";
import {
  type ModelSettingsProblem,
  PLACEHOLDER_API_KEY,
  parseModelRef,
  resolveCompatibleProvider,
  resolveProviderApiKey,
} from "@mono-agent/config";
import { DEMO_MODEL_REFS, DEMO_PROVIDER, demoModel, demoProvider } from "@mono-agent/demo-model";
import { MonoAgentRuntimeError } from "./runtime-error.js";

/**
 * One `models.providers.<name>` entry: an OpenAI-compatible chat-completions endpoint
 * (Ollama, LM Studio, vLLM, llama.cpp ...). Any model id is accepted for such a provider.
 */
export interface OpenAICompatibleProviderConfig {
  /** Base URL up to and including the version segment, e.g. `http://127.0.0.1:11434/v1`. */
  baseUrl: string;
  /** Name of the env variable holding the API key. Without it a placeholder key is sent. */
  apiKeyEnv?: string;
  /** The wire protocol. Only `openai-completions` is supported. */
  api?: "openai-completions";
  /** pi-ai compat flags for servers that differ from OpenAI (developer role, max-tokens field ...). */
  compat?: OpenAICompletionsCompat;
  /** Extra HTTP headers sent with every request: a literal string, or `{ "$env": "NAME" }` read from the env. */
  headers?: Record<string, string | { $env: string }>;
  /** Context window of the served model, in tokens. */
  contextWindow?: number;
  /** Maximum output tokens per response. */
  maxTokens?: number;
}

/** Options of {@link resolveModel}. */
export interface ResolveModelOptions {
  /** `runtime.model`: `<provider>:<modelId>`, or `demo` / `demo:demo` for the offline demo model. */
  modelRef: string;
  /** `models.providers` from the config (may be empty). A declared name wins over a pi-ai provider. */
  providers?: Readonly<Record<string, OpenAICompatibleProviderConfig>>;
  /** The host-resolved environment. API keys are read from here, never from `process.env`. */
  env: Readonly<Record<string, string | undefined>>;
}

/** A model ready to hand to {@link runPiSession}. */
export interface ResolvedModel {
  model: Model<Api>;
  /** Streams the model: `streamSimple` of a pi-ai `Models` collection holding the model's provider. */
  streamFn: StreamFn;
  /** Pass to the Pi agent: returns the key for the model's provider. */
  getApiKey: (provider: string) => string | undefined;
  /** Display name for run summaries and the CLI, e.g. `ollama:llama3.2`. */
  label: string;
  /** True for the built-in offline demo model. */
  isDemo: boolean;
}

/** Context window assumed for an OpenAI-compatible model when the config does not say (a common 2024+ size). */
export const DEFAULT_COMPATIBLE_CONTEXT_WINDOW = 128_000;

/** Output-token cap assumed for an OpenAI-compatible model when the config does not say. */
export const DEFAULT_COMPATIBLE_MAX_TOKENS = 8_192;

/**
 * Turn `runtime.model` into a pi-ai model plus the key lookup the Pi agent needs.
 * Throws {@link MonoAgentRuntimeError} (`invalid_model_ref`, `unknown_provider`, `unknown_model`,
 * `missing_api_key`, `invalid_provider_config`) with a message that names the fix.
 */
export function resolveModel(options: ResolveModelOptions): ResolvedModel {
  const modelRef = options.modelRef.trim();
  if (DEMO_MODEL_REFS.includes(modelRef)) {
    return {
      model: demoModel(),
      streamFn: streamOf(demoProvider()),
      getApiKey: () => PLACEHOLDER_API_KEY,
      label: "demo",
      isDemo: true,
    };
  }
  const ref = parseModelRef(modelRef);
  if (!ref.ok) throw settingsError(ref);
  const { providerName, modelId } = ref;
  if (providerName === DEMO_PROVIDER && options.providers?.[providerName] === undefined) {
    throw new MonoAgentRuntimeError(
      "unknown_model",
      `The demo provider has a single model: set runtime.model to "demo:demo", not "${modelRef}".`,
    );
  }
  const declared = options.providers?.[providerName];
  if (declared !== undefined) {
    return resolveCompatibleModel(providerName, modelId, declared, options.env);
  }
  return resolveBuiltinModel(providerName, modelId, options.env);
}

function resolveBuiltinModel(
  providerName: string,
  modelId: string,
  env: Readonly<Record<string, string | undefined>>,
): ResolvedModel {
  const knownProviders: readonly string[] = getBuiltinProviders();
  if (!knownProviders.includes(providerName)) {
    throw new MonoAgentRuntimeError(
      "unknown_provider",
      `Unknown model provider "${providerName}". Use one of pi-ai's providers (${knownProviders.join(", ")}), ` +
        `"demo:demo", or declare it as an OpenAI-compatible endpoint under models.providers.${providerName} ` +
        `with a baseUrl (see docs/models.md).`,
    );
  }
  const provider = builtinProviders().find((candidate) => candidate.id === providerName);
  const model = provider?.getModels().find((candidate) => candidate.id === modelId);
  if (provider === undefined || model === undefined) {
    throw new MonoAgentRuntimeError(
      "unknown_model",
      `pi-ai does not know the model "${modelId}" of provider "${providerName}". Check the id ` +
        `(ids are listed by pi-ai's getBuiltinModels("${providerName}")), or, for a model served by an ` +
        `OpenAI-compatible endpoint, declare a provider under models.providers and use "<thatName>:${modelId}".`,
    );
  }
  const key = resolveProviderApiKey(providerName, env);
  if (!key.ok) throw settingsError(key);
  const apiKey = key.apiKey;
  return {
    model,
    streamFn: streamOf(provider),
    getApiKey: (name) => (name === providerName ? apiKey : undefined),
    label: `${providerName}:${modelId}`,
    isDemo: false,
  };
}

function resolveCompatibleModel(
  providerName: string,
  modelId: string,
  config: OpenAICompatibleProviderConfig,
  env: Readonly<Record<string, string | undefined>>,
): ResolvedModel {
  const endpoint = resolveCompatibleProvider(providerName, config, env);
  if (!endpoint.ok) throw settingsError(endpoint);
  const { apiKey, headers } = endpoint;
  const model: Model<"openai-completions"> = {
    id: modelId,
    name: `${providerName}:${modelId}`,
    api: "openai-completions",
    provider: providerName,
    baseUrl: endpoint.baseUrl,
    reasoning: false,
    input: ["text"],
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    contextWindow: config.contextWindow ?? DEFAULT_COMPATIBLE_CONTEXT_WINDOW,
    maxTokens: config.maxTokens ?? DEFAULT_COMPATIBLE_MAX_TOKENS,
    ...(headers !== undefined ? { headers } : {}),
    ...(config.compat !== undefined ? { compat: { ...config.compat } } : {}),
  };
  const provider = createProvider({
    id: providerName,
    baseUrl: endpoint.baseUrl,
    // The key is handed to each request by the agent (`getApiKey`), read from the host-resolved env.
    auth: {
      apiKey: { name: `${providerName} (key from models.providers)`, resolve: async () => ({ auth: {} }) },
    },
    models: [model],
    api: openAICompletionsApi(),
  });
  return {
    model: model as Model<Api>,
    streamFn: streamOf(provider as Provider),
    getApiKey: (provider) => (provider === providerName ? apiKey : undefined),
    label: `${providerName}:${modelId}`,
    isDemo: false,
  };
}

/** `streamSimple` of a `Models` collection holding `provider` alone. */
function streamOf(provider: Provider): StreamFn {
  const models = createModels();
  models.setProvider(provider);
  return models.streamSimple.bind(models) as StreamFn;
}

function settingsError(problem: ModelSettingsProblem): MonoAgentRuntimeError {
  return new MonoAgentRuntimeError(problem.code, problem.message);
}
