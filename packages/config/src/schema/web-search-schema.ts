import * as z from "zod";
import { configValueSchema } from "./env-reference-schema.js";
import { httpUrlSchema } from "./http-url-schema.js";
import { timeoutMsSchema } from "./timeout-ms-schema.js";

/** The WebSearch providers: two hosted APIs and one self-hostable engine. */
export const WEB_SEARCH_PROVIDERS = ["brave", "tavily", "searxng"] as const;

/** Results WebSearch returns when the config sets no `maxResults` (a page of results the model reads whole). */
export const DEFAULT_WEB_SEARCH_MAX_RESULTS = 5;

/** Most results one WebSearch call may return (Brave's and Tavily's page size is 20). */
export const WEB_SEARCH_MAX_RESULTS = 20;

/** Time one WebSearch request may take when the config sets none: 15 s (the hosted APIs answer in about 1 s). */
export const DEFAULT_WEB_SEARCH_TIMEOUT_MS = 15_000;

export const webSearchSchema = z
  .strictObject({
    provider: z
      .enum(WEB_SEARCH_PROVIDERS)
      .describe(
        'Which search service answers WebSearch: "brave" (Brave Search API), "tavily" (Tavily) or "searxng" (a SearXNG instance you run).',
      ),
    apiKey: configValueSchema
      .optional()
      .describe(
        'API key for brave or tavily; use { "$env": "BRAVE_API_KEY" } to keep it out of the file. Not used by searxng.',
      ),
    baseUrl: httpUrlSchema
      .optional()
      .describe(
        "Endpoint of the provider: required for searxng (e.g. http://127.0.0.1:8888); optional for brave and tavily (their public API by default).",
      ),
    maxResults: z
      .number()
      .int()
      .min(1)
      .max(WEB_SEARCH_MAX_RESULTS)
      .default(DEFAULT_WEB_SEARCH_MAX_RESULTS)
      .describe(
        `Most results per search (1..${WEB_SEARCH_MAX_RESULTS}). Default ${DEFAULT_WEB_SEARCH_MAX_RESULTS}.`,
      ),
    timeoutMs: timeoutMsSchema
      .default(DEFAULT_WEB_SEARCH_TIMEOUT_MS)
      .describe(`Time one search may take, in ms. Default ${DEFAULT_WEB_SEARCH_TIMEOUT_MS}.`),
  })
  .describe("The WebSearch tool's provider. Without this block WebSearch is not offered.");

export type WebSearchConfig = z.infer<typeof webSearchSchema>;
