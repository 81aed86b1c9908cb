import type { EnvRecord } from "./loaded-config.js";
import { AMBIENT_CREDENTIAL_PROVIDERS, PROVIDER_API_KEY_ENV_NAMES } from "./provider-api-key-env-names.js";
import { type ConfigValue, resolveEnvReference } from "./schema/env-reference-schema.js";

/**
 * Key sent to an OpenAI-compatible provider declared without `apiKeyEnv`. Local servers ignore it,
 * but pi-ai refuses to call a provider it has no key for.
 */
export const PLACEHOLDER_API_KEY = "mono-agent-no-key";

/** Provider names `runtime.model` may name (pi-ai's built-in names and `models.providers` keys). */
const PROVIDER_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** A model id as the config accepts it (the id part of `MODEL_REFERENCE_PATTERN`), also for `--model`. */
const MODEL_ID_PATTERN = /^[^\s\p{Cc}\p{Cf}\p{Cs}\uFFFD]{1,256}$/u;

/**
 * Why a model's settings cannot be used: the runtime's error code and a message that names the fix.
 * - `invalid_model_ref`: `runtime.model` is not `<provider>:<modelId>`.
 * - `missing_api_key`: no env variable the provider reads holds a key.
 * - `invalid_provider_config`: a `models.providers.<name>` entry cannot be used.
 */
export interface ModelSettingsProblem {
  ok: false;
  code: "invalid_model_ref" | "missing_api_key" | "invalid_provider_config";
  message: string;
}

/** One `models.providers.<name>` entry as {@link resolveCompatibleProvider} reads it (checked again: hosts pass their own). */
export interface CompatibleProviderSettings {
  baseUrl: string;
  apiKeyEnv?: string | undefined;
  api?: string | undefined;
  headers?: Readonly<Record<string, ConfigValue>> | undefined;
}

/** `<provider>:<modelId>` split into its two parts, or `invalid_model_ref`. */
export function parseModelRef(
  modelRef: string,
): { ok: true; providerName: string; modelId: string } | ModelSettingsProblem {
  const separator = modelRef.indexOf(":");
  const providerName = separator > 0 ? modelRef.slice(0, separator) : "";
  const modelId = separator > 0 ? modelRef.slice(separator + 1) : "";
  if (PROVIDER_NAME_PATTERN.test(providerName) && MODEL_ID_PATTERN.test(modelId))
    return { ok: true, providerName, modelId };
  const shown = JSON.stringify(modelRef.length > 80 ? `${modelRef.slice(0, 80)}…` : modelRef);
  return problem(
    "invalid_model_ref",
    `runtime.model ${shown} is not "<provider>:<modelId>" (a model id of at most 256 characters, no spaces or control characters). ` +
      `Write it like "anthropic:claude-sonnet-4-5" or "ollama:llama3.2", or use "demo:demo" for the offline demo model.`,
  );
}

/**
 * The API key of a pi-ai built-in provider from the host-resolved `env` (the names of
 * {@link PROVIDER_API_KEY_ENV_NAMES}, in order), or `missing_api_key`. Providers with ambient
 * credentials ({@link AMBIENT_CREDENTIAL_PROVIDERS}) may have none.
 */
export function resolveProviderApiKey(
  providerName: string,
  env: EnvRecord,
): { ok: true; apiKey: string | undefined } | ModelSettingsProblem {
  const envNames = PROVIDER_API_KEY_ENV_NAMES[providerName] ?? [];
  const apiKey = envNames.map((name) => env[name]).find((value) => value !== undefined && value !== "");
  if (apiKey !== undefined || AMBIENT_CREDENTIAL_PROVIDERS.has(providerName)) return { ok: true, apiKey };
  return problem(
    "missing_api_key",
    envNames.length > 0
      ? `No API key for provider "${providerName}": set ${envNames.join(" or ")} in the environment or the --env-file.`
      : `Provider "${providerName}" signs in with OAuth only, which mono-agent does not support. ` +
          `Use another provider of the same models, or an OpenAI-compatible endpoint under models.providers.`,
  );
}

/**
 * A declared OpenAI-compatible provider made ready to call: its base URL without trailing slashes, its key
 * ({@link PLACEHOLDER_API_KEY} without `apiKeyEnv`) and its headers read from `env`; or the first problem.
 */
export function resolveCompatibleProvider(
  providerName: string,
  provider: CompatibleProviderSettings,
  env: EnvRecord,
):
  | { ok: true; baseUrl: string; apiKey: string; headers: Record<string, string> | undefined }
  | ModelSettingsProblem {
  const where = `models.providers.${providerName}`;
  if (typeof provider.baseUrl !== "string" || !/^https?:\/\/[^/]/.test(provider.baseUrl))
    return problem(
      "invalid_provider_config",
      `${where}.baseUrl must be an http(s) URL such as "http://127.0.0.1:11434/v1"; got ${JSON.stringify(provider.baseUrl)}.`,
    );
  if (provider.api !== undefined && provider.api !== "openai-completions")
    return problem(
      "invalid_provider_config",
      `${where}.api must be "openai-completions" (the only protocol supported for declared providers); got ${JSON.stringify(provider.api)}.`,
    );
  let apiKey = PLACEHOLDER_API_KEY;
  if (provider.apiKeyEnv !== undefined) {
    const value = env[provider.apiKeyEnv];
    if (value === undefined || value === "")
      return problem(
        "missing_api_key",
        `${where}.apiKeyEnv names ${provider.apiKeyEnv}, which is not set: set it in the environment or the --env-file, ` +
          `or remove apiKeyEnv if the endpoint needs no key.`,
      );
    apiKey = value;
  }
  let headers: Record<string, string> | undefined;
  if (provider.headers !== undefined) {
    headers = {};
    for (const [name, value] of Object.entries(provider.headers)) {
      if (typeof value === "string") {
        headers[name] = value;
        continue;
      }
      const fromEnv = env[value.$env] === "" ? undefined : resolveEnvReference(value, env);
      if (fromEnv === undefined)
        return problem(
          "invalid_provider_config",
          `${where}.headers.${name} reads the env variable ${value.$env}, which is not set: set it in the environment or the --env-file.`,
        );
      headers[name] = fromEnv;
    }
  }
  return { ok: true, baseUrl: provider.baseUrl.replace(/\/+$/, ""), apiKey, headers };
}

function problem(code: ModelSettingsProblem["code"], message: string): ModelSettingsProblem {
  return { ok: false, code, message };
}
