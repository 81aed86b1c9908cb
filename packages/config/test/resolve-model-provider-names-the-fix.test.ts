import { describe, expect, it } from "vitest";
import {
  PLACEHOLDER_API_KEY,
  parseModelRef,
  resolveCompatibleProvider,
  resolveProviderApiKey,
} from "../src/index.js";

describe("parseModelRef", () => {
  it("splits <provider>:<modelId> at the first colon", () => {
    expect(parseModelRef("ollama:llama3.2:8b")).toEqual({
      ok: true,
      providerName: "ollama",
      modelId: "llama3.2:8b",
    });
  });

  it.each(["gpt-4o", ":model", "openai:", "openai:has space"])(
    "refuses %j as invalid_model_ref",
    (modelRef) => {
      const result = parseModelRef(modelRef);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.code).toBe("invalid_model_ref");
        expect(result.message).toContain('Write it like "anthropic:claude-sonnet-4-5"');
      }
    },
  );
});

describe("resolveProviderApiKey", () => {
  it("reads the first set variable of the provider, in precedence order", () => {
    expect(
      resolveProviderApiKey("anthropic", { ANTHROPIC_API_KEY: "b", ANTHROPIC_OAUTH_TOKEN: "a" }),
    ).toEqual({
      ok: true,
      apiKey: "a",
    });
    expect(resolveProviderApiKey("anthropic", { ANTHROPIC_OAUTH_TOKEN: "", ANTHROPIC_API_KEY: "b" })).toEqual(
      {
        ok: true,
        apiKey: "b",
      },
    );
  });

  it("names the variables to set when none holds a key, and lets ambient-credential providers through", () => {
    expect(resolveProviderApiKey("openai", {})).toEqual({
      ok: false,
      code: "missing_api_key",
      message: 'No API key for provider "openai": set OPENAI_API_KEY in the environment or the --env-file.',
    });
    expect(resolveProviderApiKey("amazon-bedrock", {})).toEqual({ ok: true, apiKey: undefined });
  });
});

describe("resolveCompatibleProvider", () => {
  it("trims the base URL, sends the placeholder key without apiKeyEnv and reads headers from env", () => {
    expect(
      resolveCompatibleProvider(
        "vllm",
        {
          baseUrl: "http://127.0.0.1:8000/v1//",
          headers: { "x-a": "1", "x-b": { $env: "B", prefix: "t " } },
        },
        { B: "two" },
      ),
    ).toEqual({
      ok: true,
      baseUrl: "http://127.0.0.1:8000/v1",
      apiKey: PLACEHOLDER_API_KEY,
      headers: { "x-a": "1", "x-b": "t two" },
    });
  });

  it("names the setting to fix", () => {
    const problemOf = (result: ReturnType<typeof resolveCompatibleProvider>) =>
      result.ok ? undefined : `${result.code}: ${result.message}`;
    expect(problemOf(resolveCompatibleProvider("vllm", { baseUrl: "127.0.0.1:8000" }, {}))).toBe(
      'invalid_provider_config: models.providers.vllm.baseUrl must be an http(s) URL such as "http://127.0.0.1:11434/v1"; got "127.0.0.1:8000".',
    );
    expect(
      problemOf(resolveCompatibleProvider("vllm", { baseUrl: "http://h/v1", apiKeyEnv: "K" }, { K: "" })),
    ).toContain("missing_api_key: models.providers.vllm.apiKeyEnv names K, which is not set");
    expect(
      problemOf(
        resolveCompatibleProvider(
          "vllm",
          { baseUrl: "http://h/v1", headers: { auth: { $env: "T" } } },
          { T: "" },
        ),
      ),
    ).toContain(
      "invalid_provider_config: models.providers.vllm.headers.auth reads the env variable T, which is not set",
    );
  });
});
