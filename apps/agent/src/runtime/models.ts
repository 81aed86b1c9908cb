import {
  type Api,
  getModel,
  getProviders,
  type Model,
  type OpenAICompletionsCompat,
} from "@mariozechner/pi-ai";
import { type ConfigValue, resolveEnvReference } from "@mono-agent/config";
import { DEMO_MODEL_REFS, DEMO_PROVIDER, demoModel, registerDemoModelProvider } from "@mono-agent/demo-model";
import { AMBIENT_CREDENTIAL_PROVIDERS, PROVIDER_API_KEY_ENV_NAMES } from "./provider-env-keys.js";
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
 * Key sent to an OpenAI-compatible provider declared without `apiKeyEnv`. Local servers ignore it,
 * but pi-ai refuses to call a provider it has no key for.
 */
export const PLACEHOLDER_API_KEY = "mono-agent-no-key";

const PROVIDER_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** A model id as the config accepts it (`MODEL_REFERENCE_PATTERN` of @mono-agent/config), also for `--model`. */
const MODEL_ID_PATTERN = /^[^\s\p{Cc}\p{Cf}\p{Cs}\uFFFD]{1,256}$/u;

/**
 * Turn `runtime.model` into a pi-ai model plus the key lookup the Pi agent needs.
 * Throws {@link MonoAgentRuntimeError} (`invalid_model_ref`, `unknown_provider`, `unknown_model`,
 * `missing_api_key`, `invalid_provider_config`) with a message that names the fix.
 */
export function resolveModel(options: ResolveModelOptions): ResolvedModel {
  const modelRef = options.modelRef.trim();
  if (DEMO_MODEL_REFS.includes(modelRef)) {
    registerDemoModelProvider();
    return { model: demoModel(), getApiKey: () => PLACEHOLDER_API_KEY, label: "demo", isDemo: true };
  }
  const separator = modelRef.indexOf(":");
  const providerName = separator > 0 ? modelRef.slice(0, separator) : "";
  const modelId = separator > 0 ? modelRef.slice(separator + 1) : "";
  if (!PROVIDER_NAME_PATTERN.test(providerName) || !MODEL_ID_PATTERN.test(modelId)) {
    const shown = JSON.stringify(modelRef.length > 80 ? `${modelRef.slice(0, 80)}…` : modelRef);
    throw new MonoAgentRuntimeError(
      "invalid_model_ref",
      `runtime.model ${shown} is not "<provider>:<modelId>" (a model id of at most 256 characters, no spaces or control characters). ` +
        `Write it like "anthropic:claude-sonnet-4-5" or "ollama:llama3.2", or use "demo:demo" for the offline demo model.`,
    );
  }
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
  const knownProviders: readonly string[] = getProviders();
  if (!knownProviders.includes(providerName)) {
    throw new MonoAgentRuntimeError(
      "unknown_provider",
      `Unknown model provider "${providerName}". Use one of pi-ai's providers (${knownProviders.join(", ")}), ` +
        `"demo:demo", or declare it as an OpenAI-compatible endpoint under models.providers.${providerName} ` +
        `with a baseUrl (see docs/models.md).`,
    );
  }
  const model = (getModel as (provider: string, id: string) => Model<Api> | undefined)(providerName, modelId);
  if (model === undefined) {
    throw new MonoAgentRuntimeError(
      "unknown_model",
      `pi-ai does not know the model "${modelId}" of provider "${providerName}". Check the id ` +
        `(ids are listed by pi-ai's getModels("${providerName}")), or, for a model served by an ` +
        `OpenAI-compatible endpoint, declare a provider under models.providers and use "<thatName>:${modelId}".`,
    );
  }
  const envNames = PROVIDER_API_KEY_ENV_NAMES[providerName] ?? [];
  const apiKey = envNames.map((name) => env[name]).find((value) => value !== undefined && value !== "");
  if (apiKey === undefined && !AMBIENT_CREDENTIAL_PROVIDERS.has(providerName)) {
    throw new MonoAgentRuntimeError(
      "missing_api_key",
      envNames.length > 0
        ? `No API key for provider "${providerName}": set ${envNames.join(" or ")} in the environment or the --env-file.`
        : `Provider "${providerName}" signs in with OAuth only, which mono-agent does not support. ` +
            `Use another provider of the same models, or an OpenAI-compatible endpoint under models.providers.`,
    );
  }
  return {
    model,
    getApiKey: (provider) => (provider === providerName ? apiKey : undefined),
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
  const where = `models.providers.${providerName}`;
  if (typeof config.baseUrl !== "string" || !/^https?:\/\/[^/]/.test(config.baseUrl)) {
    throw new MonoAgentRuntimeError(
      "invalid_provider_config",
      `${where}.baseUrl must be an http(s) URL such as "http://127.0.0.1:11434/v1"; got ${JSON.stringify(config.baseUrl)}.`,
    );
  }
  if (config.api !== undefined && config.api !== "openai-completions") {
    throw new MonoAgentRuntimeError(
      "invalid_provider_config",
      `${where}.api must be "openai-completions" (the only protocol supported for declared providers); got ${JSON.stringify(config.api)}.`,
    );
  }
  let apiKey = PLACEHOLDER_API_KEY;
  if (config.apiKeyEnv !== undefined) {
    const value = env[config.apiKeyEnv];
    if (value === undefined || value === "") {
      throw new MonoAgentRuntimeError(
        "missing_api_key",
        `${where}.apiKeyEnv names ${config.apiKeyEnv}, which is not set: set it in the environment or the --env-file, ` +
          `or remove apiKeyEnv if the endpoint needs no key.`,
      );
    }
    apiKey = value;
  }
  const model: Model<"openai-completions"> = {
    id: modelId,
    name: `${providerName}:${modelId}`,
    api: "openai-completions",
    provider: providerName,
    baseUrl: config.baseUrl.replace(/\/+$/, ""),
    reasoning: false,
    input: ["text"],
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    contextWindow: config.contextWindow ?? DEFAULT_COMPATIBLE_CONTEXT_WINDOW,
    maxTokens: config.maxTokens ?? DEFAULT_COMPATIBLE_MAX_TOKENS,
    ...(config.headers !== undefined ? { headers: resolveHeaders(where, config.headers, env) } : {}),
    ...(config.compat !== undefined ? { compat: { ...config.compat } } : {}),
  };
  return {
    model: model as Model<Api>,
    getApiKey: (provider) => (provider === providerName ? apiKey : undefined),
    label: `${providerName}:${modelId}`,
    isDemo: false,
  };
}

function resolveHeaders(
  where: string,
  headers: Readonly<Record<string, ConfigValue>>,
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const resolved: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value === "string") {
      resolved[name] = value;
      continue;
    }
    const fromEnv = env[value.$env] === "" ? undefined : resolveEnvReference(value, env);
    if (fromEnv === undefined) {
      throw new MonoAgentRuntimeError(
        "invalid_provider_config",
        `${where}.headers.${name} reads the env variable ${value.$env}, which is not set: set it in the environment or the --env-file.`,
      );
    }
    resolved[name] = fromEnv;
  }
  return resolved;
}
