import { getBuiltinModels, getBuiltinProviders } from "@earendil-works/pi-ai/providers/all";
import {
  AMBIENT_CREDENTIAL_PROVIDERS,
  monoAgentConfigSchema,
  PROVIDER_API_KEY_ENV_NAMES,
} from "@mono-agent/config";
import { describe, expect, it } from "vitest";
import { resolveModel } from "../../src/runtime/models.js";
import { MonoAgentRuntimeError, type MonoAgentRuntimeErrorCode } from "../../src/runtime/runtime-error.js";

function codeOf(action: () => unknown): { code: MonoAgentRuntimeErrorCode; message: string } {
  try {
    action();
  } catch (error) {
    if (MonoAgentRuntimeError.isInstance(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("expected a MonoAgentRuntimeError");
}

describe("resolveModel", () => {
  it("resolves a pi-ai model with the key read from the env record, not process.env", () => {
    process.env["ANTHROPIC_API_KEY"] = "from-process-env";
    try {
      const resolved = resolveModel({
        modelRef: "anthropic:claude-haiku-4-5",
        env: { ANTHROPIC_API_KEY: "from-env-record" },
      });
      expect(resolved.model.provider).toBe("anthropic");
      expect(resolved.model.api).toBe("anthropic-messages");
      expect(resolved.getApiKey("anthropic")).toBe("from-env-record");
      expect(resolved.label).toBe("anthropic:claude-haiku-4-5");
      expect(resolved.isDemo).toBe(false);
    } finally {
      delete process.env["ANTHROPIC_API_KEY"];
    }
  });

  it("takes the first of a provider's env variables that is set (ANTHROPIC_OAUTH_TOKEN before ANTHROPIC_API_KEY)", () => {
    const resolved = resolveModel({
      modelRef: "anthropic:claude-haiku-4-5",
      env: { ANTHROPIC_API_KEY: "api-key", ANTHROPIC_OAUTH_TOKEN: "oauth-token" },
    });
    expect(resolved.getApiKey("anthropic")).toBe("oauth-token");
  });

  it("keeps model ids that contain a colon", () => {
    const resolved = resolveModel({
      modelRef: "amazon-bedrock:amazon.nova-2-lite-v1:0",
      env: {},
    });
    expect(resolved.model.id).toBe("amazon.nova-2-lite-v1:0");
  });

  it("names the env variable to set when a key is missing, even if process.env has it", () => {
    process.env["OPENAI_API_KEY"] = "in-process-env-only";
    try {
      const error = codeOf(() => resolveModel({ modelRef: "openai:gpt-4o-mini", env: {} }));
      expect(error.code).toBe("missing_api_key");
      expect(error.message).toContain("OPENAI_API_KEY");
    } finally {
      delete process.env["OPENAI_API_KEY"];
    }
  });

  it.each([
    ["", "invalid_model_ref"],
    ["gpt-4o", "invalid_model_ref"],
    ["openai:", "invalid_model_ref"],
    [":gpt-4o", "invalid_model_ref"],
    ["no such:model", "invalid_model_ref"],
    ["acme:model-1", "unknown_provider"],
    ["openai:gpt-does-not-exist", "unknown_model"],
    ["demo:other", "unknown_model"],
  ] as const)("rejects %j with %s", (modelRef, code) => {
    expect(codeOf(() => resolveModel({ modelRef, env: { OPENAI_API_KEY: "k" } })).code).toBe(code);
  });

  it("tells how to fix an unknown provider or model: check the id or declare an OpenAI-compatible provider", () => {
    expect(codeOf(() => resolveModel({ modelRef: "acme:model-1", env: {} })).message).toContain(
      "models.providers.acme",
    );
    const unknownModel = codeOf(() =>
      resolveModel({ modelRef: "openai:gpt-does-not-exist", env: { OPENAI_API_KEY: "k" } }),
    );
    expect(unknownModel.message).toContain("Check the id");
    expect(unknownModel.message).toContain("models.providers");
  });

  it("suggests the demo model ref that runtime.model in the config file accepts (demo:demo, not demo)", () => {
    const messages = ["gpt-4o", "acme:model-1", "demo:other"].map(
      (modelRef) => codeOf(() => resolveModel({ modelRef, env: {} })).message,
    );
    for (const message of messages) {
      expect(message).toContain('"demo:demo"');
      expect(message).not.toContain('"demo"');
    }
    expect(monoAgentConfigSchema.safeParse({ runtime: { model: "demo:demo" } }).success).toBe(true);
    expect(monoAgentConfigSchema.safeParse({ runtime: { model: "demo" } }).success).toBe(false);
  });

  it("accepts any model id for a declared OpenAI-compatible provider, which wins over a pi-ai provider of the same name", () => {
    const resolved = resolveModel({
      modelRef: "openai:my-finetune",
      providers: {
        openai: { baseUrl: "http://127.0.0.1:8000/v1/", headers: { "X-Team": "a" }, contextWindow: 32_000 },
      },
      env: {},
    });
    expect(resolved.model).toMatchObject({
      id: "my-finetune",
      api: "openai-completions",
      provider: "openai",
      baseUrl: "http://127.0.0.1:8000/v1",
      headers: { "X-Team": "a" },
      contextWindow: 32_000,
    });
    expect(resolved.getApiKey("openai")).toBe("mono-agent-no-key");
  });

  it("resolves { $env } header values from the env record and names a missing one", () => {
    const resolved = resolveModel({
      modelRef: "vllm:m",
      providers: {
        vllm: { baseUrl: "http://h/v1", headers: { "X-Literal": "a", "X-Token": { $env: "VLLM_TOKEN" } } },
      },
      env: { VLLM_TOKEN: "t0k" },
    });
    expect(resolved.model.headers).toEqual({ "X-Literal": "a", "X-Token": "t0k" });
    const missing = codeOf(() =>
      resolveModel({
        modelRef: "vllm:m",
        providers: { vllm: { baseUrl: "http://h/v1", headers: { "X-Token": { $env: "VLLM_TOKEN" } } } },
        env: {},
      }),
    );
    expect(missing.code).toBe("invalid_provider_config");
    expect(missing.message).toContain("VLLM_TOKEN");
  });

  it("rejects a declared provider whose apiKeyEnv is unset, or whose baseUrl or api is unusable", () => {
    const missing = codeOf(() =>
      resolveModel({
        modelRef: "vllm:m",
        providers: { vllm: { baseUrl: "http://h/v1", apiKeyEnv: "VLLM_KEY" } },
        env: {},
      }),
    );
    expect(missing.code).toBe("missing_api_key");
    expect(missing.message).toContain("VLLM_KEY");
    expect(
      codeOf(() =>
        resolveModel({ modelRef: "vllm:m", providers: { vllm: { baseUrl: "127.0.0.1:8000" } }, env: {} }),
      ).code,
    ).toBe("invalid_provider_config");
    expect(
      codeOf(() =>
        resolveModel({
          modelRef: "vllm:m",
          providers: { vllm: { baseUrl: "http://h/v1", api: "anthropic-messages" as "openai-completions" } },
          env: {},
        }),
      ).code,
    ).toBe("invalid_provider_config");
  });

  it.each(["demo", "demo:demo", " demo "])(
    "resolves %j to the offline demo model without any key",
    (modelRef) => {
      const resolved = resolveModel({ modelRef, env: {} });
      expect(resolved.isDemo).toBe(true);
      expect(resolved.label).toBe("demo");
      expect(resolved.model.api).toBe("mono-agent-demo");
    },
  );

  it("knows the key variables of every pi-ai provider that takes an API key", () => {
    const oauthOnly = new Set(["openai-codex"]);
    for (const provider of getBuiltinProviders()) {
      if (oauthOnly.has(provider) || AMBIENT_CREDENTIAL_PROVIDERS.has(provider)) continue;
      expect(PROVIDER_API_KEY_ENV_NAMES[provider], provider).toBeDefined();
      const modelId = getBuiltinModels(provider)[0]?.id;
      // A provider of only image or classifier models (typesafe) has no model runtime.model can name.
      if (modelId === undefined) continue;
      const envName = PROVIDER_API_KEY_ENV_NAMES[provider]?.[0] ?? "";
      expect(
        resolveModel({ modelRef: `${provider}:${modelId}`, env: { [envName]: "k" } }).getApiKey(provider),
      ).toBe("k");
    }
  });
});
