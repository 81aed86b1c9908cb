import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { diagnoseMonoAgentConfig, loadMonoAgentConfig, MonoAgentConfigError } from "../src/index.js";
import { makeAgentFolder } from "./support/agent-folder.js";

async function loadError(options: Parameters<typeof loadMonoAgentConfig>[0]): Promise<MonoAgentConfigError> {
  const error = await loadMonoAgentConfig(options).catch((caught: unknown) => caught);
  if (!MonoAgentConfigError.isInstance(error))
    throw new Error(`expected a MonoAgentConfigError, got ${String(error)}`);
  return error;
}

describe("config file errors", () => {
  it("a missing config file is config_not_found naming the path and the fix", async () => {
    const agentDir = await makeAgentFolder({});
    const error = await loadError({ cwd: agentDir, env: {} });
    expect(error.code).toBe("config_not_found");
    expect(error.file).toBe(join(agentDir, "mono-agent.config.json"));
    expect(error.message).toContain("mono-agent init");
  });

  it("a config path that is a folder is config_unreadable", async () => {
    const agentDir = await makeAgentFolder({});
    await mkdir(join(agentDir, "mono-agent.config.json"));
    expect((await loadError({ cwd: agentDir, env: {} })).code).toBe("config_unreadable");
  });

  it("invalid JSON is config_invalid_json with the line", async () => {
    const agentDir = await makeAgentFolder({
      "mono-agent.config.json": '{\n  "tools": {\n    "allowedTools": [,]\n  }\n}',
    });
    const error = await loadError({ cwd: agentDir, env: {} });
    expect(error.code).toBe("config_invalid_json");
    expect(error.message).toContain("is not valid JSON");
  });

  it("a UTF-16 config (as some Windows editors save it) is config_invalid_json naming the encoding", async () => {
    for (const [bytes, encoding] of [
      [Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('{"tools":{}}', "utf16le")]), "UTF-16LE"],
      [Buffer.from('{"tools":{}}', "utf16le"), "UTF-16LE"],
      [Buffer.from('{"tools":{}}', "utf16le").swap16(), "UTF-16BE"],
    ] as const) {
      const agentDir = await makeAgentFolder({});
      await writeFile(join(agentDir, "mono-agent.config.json"), bytes);
      const error = await loadError({ cwd: agentDir, env: {} });
      expect(error.code).toBe("config_invalid_json");
      expect(error.message).toContain(`is encoded as ${encoding}; accepted: a JSON object in UTF-8`);
    }
  });

  it("a schema error names the file, the JSON path, the value and what is accepted", async () => {
    const agentDir = await makeAgentFolder({
      "mono-agent.config.json": { artifacts: { retention: { maxAgeDays: 0 } } },
    });
    const error = await loadError({ cwd: agentDir, env: {} });
    expect(error.code).toBe("config_invalid");
    expect(error.jsonPath).toBe("artifacts.retention.maxAgeDays");
    expect(error.message).toBe(
      `${join(agentDir, "mono-agent.config.json")} at artifacts.retention.maxAgeDays: got the number 0; accepted: an integer from 1 to 3650.`,
    );
  });

  it("checks model, provider, continuation and memory rules", async () => {
    const { issues } = await diagnoseMonoAgentConfig({
      cwd: "/agent",
      env: {},
      config: {
        runtime: { model: "gpt-4o", session: { rolloverTimezone: "Mars/Olympus" } },
        models: {
          providers: {
            Ollama: { baseUrl: "ftp://x" },
            lmstudio: { baseUrl: "http://127.0.0.1:1234/v1", api: "responses" },
          },
        },
        memory: { mode: "weekly" },
        continuations: {
          host: "0.0.0.0",
          port: 0,
          namedRoutes: {
            inbox: { mode: "capture" },
            quiet: { mode: "silent", conversationId: "cli:default" },
          },
        },
      },
    });
    const messages = Object.fromEntries(issues.map((issue) => [issue.jsonPath, issue.message]));
    expect(messages["runtime.model"]).toContain('"<provider>:<modelId>"');
    expect(messages["runtime.session.rolloverTimezone"]).toContain("IANA time zone");
    expect(messages["models.providers.Ollama"]).toContain("provider name");
    expect(messages["models.providers.lmstudio.api"]).toContain('"openai-completions"');
    expect(messages["memory.path"]).toContain('required key "path" is missing');
    expect(messages["memory.mode"]).toContain('one of "lite", "journal", "bujo"');
    expect(messages["continuations.host"]).toContain('"127.0.0.1", "localhost", "::1"');
    expect(messages["continuations.port"]).toContain("an integer from 1 to 65535");
    expect(messages["continuations.namedRoutes.inbox.conversationId"]).toContain("needs a conversationId");
    expect(messages["continuations.namedRoutes.quiet.conversationId"]).toContain(
      "does not accept conversationId",
    );
  });

  it("accepts an OpenAI-compatible provider and a model on it", async () => {
    const loaded = await loadMonoAgentConfig({
      cwd: "/agent",
      env: {},
      config: {
        runtime: { model: "ollama:llama3.2" },
        models: {
          providers: {
            ollama: {
              baseUrl: "http://127.0.0.1:11434/v1",
              apiKeyEnv: "OLLAMA_API_KEY",
              compat: { supportsDeveloperRole: false, maxTokensField: "max_tokens" },
            },
          },
        },
      },
    });
    expect(loaded.config.models.providers["ollama"]?.baseUrl).toBe("http://127.0.0.1:11434/v1");
  });

  it("a config that is not an object says what the file must hold", async () => {
    const error = await loadError({ config: [1, 2], cwd: "/agent", env: {} });
    expect(error.message).toBe("<inline config> at $: got an array; accepted: an object.");
  });
});
