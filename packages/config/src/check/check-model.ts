import type { CheckLine } from "../check-line.js";
import type { EnvRecord, LoadedConfig } from "../loaded-config.js";

/**
 * The model findings that need no model stack (validate must start fast): the model reference,
 * OpenAI-compatible providers and their key variables. Keys of pi-ai's built-in providers are checked
 * when a run starts.
 */
export function checkModel(loaded: LoadedConfig, env: EnvRecord): CheckLine[] {
  const modelRef = loaded.config.runtime.model;
  const separator = modelRef.indexOf(":");
  const provider = separator === -1 ? modelRef : modelRef.slice(0, separator);
  const modelId = separator === -1 ? "" : modelRef.slice(separator + 1);
  const custom = loaded.config.models?.providers?.[provider];
  if (provider === "demo")
    return [
      {
        status: "ok",
        message: `Model: ${modelRef} (the built-in offline demo model: scripted, no key, no network)`,
      },
    ];
  if (!modelId)
    return [
      {
        status: "error",
        code: "invalid_model_ref",
        message: `runtime.model "${modelRef}" has no model id`,
        suggestion: 'write it as "<provider>:<modelId>", e.g. "openai:gpt-4o-mini" or "ollama:llama3.2"',
      },
    ];
  if (!custom)
    return [
      {
        status: "ok",
        message: `Model: ${modelRef} (pi-ai provider "${provider}"; its API key is checked when a run starts)`,
      },
    ];
  const lines: CheckLine[] = [
    {
      status: "ok",
      message: `Model: ${modelRef} via OpenAI-compatible provider "${provider}" at ${custom.baseUrl}`,
    },
  ];
  if (custom.apiKeyEnv && !env[custom.apiKeyEnv])
    lines.push({
      status: "warning",
      code: "missing_api_key",
      message: `models.providers.${provider}.apiKeyEnv names ${custom.apiKeyEnv}, which is not set`,
      suggestion: `export ${custom.apiKeyEnv} or put it in .env (local servers such as Ollama accept any key)`,
    });
  return lines;
}
