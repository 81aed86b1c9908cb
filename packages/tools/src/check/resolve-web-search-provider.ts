import { isEnvReference, type LoadedConfig, resolveEnvReference } from "@mono-agent/config";
import type { WebSearchProvider } from "../node/web/web-search-tool.js";

/** The `tools.webSearch` provider with its key read from the host env, or why WebSearch is not offered. */
export function resolveWebSearchProvider(
  loaded: LoadedConfig,
  env: Readonly<Record<string, string | undefined>>,
): { provider: WebSearchProvider } | { unavailable: string } {
  const config = loaded.config.tools.webSearch;
  if (!config) return { unavailable: "tools.webSearch is not set (choose brave, tavily or searxng)" };
  const apiKey =
    config.apiKey === undefined
      ? undefined
      : isEnvReference(config.apiKey)
        ? resolveEnvReference(config.apiKey, env)
        : config.apiKey;
  if (config.provider !== "searxng" && !apiKey)
    return {
      unavailable:
        config.apiKey !== undefined && isEnvReference(config.apiKey)
          ? `tools.webSearch.apiKey reads ${config.apiKey.$env}, which is not set`
          : `tools.webSearch.apiKey is required for ${config.provider}`,
    };
  if (config.provider === "searxng" && !config.baseUrl)
    return { unavailable: "tools.webSearch.baseUrl is required for searxng (the URL of your instance)" };
  return {
    provider: {
      provider: config.provider,
      maxResults: config.maxResults,
      timeoutMs: config.timeoutMs,
      ...(apiKey ? { apiKey } : {}),
      ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}),
    },
  };
}
