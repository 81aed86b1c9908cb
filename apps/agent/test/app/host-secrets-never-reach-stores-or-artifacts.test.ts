import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runCliAsync } from "../cli/run-cli.js";
import {
  type OpenAICompatibleServer,
  startOpenAICompatibleServer,
} from "../fixtures/openai-compatible/openai-compatible-server.js";

const PRINT_ENV_SERVER = fileURLToPath(new URL("../fixtures/mcp/print-env-server.mjs", import.meta.url));

/** The host's secrets, one of each way the config names them. */
const SECRETS = {
  /** Credential-named, from the agent folder's .env, handed to the server by `{ "$env": ... }`. */
  GITHUB_TOKEN: "ghp_0123456789abcdefghijABCDEFGHIJ012345",
  /** The provider key of `models.providers.fixture.apiKeyEnv` (a name no credential pattern matches). */
  FIXTURE_KEY: "fixture-provider-key-7f3a9c1e5b",
  /** A value the config references by `{ "$env": ... }` under a plain name. */
  PLAIN_REFERENCED: "referenced-handle-4d2b8e6a0c",
} as const;
const VALUES = Object.values(SECRETS);
const NAMES = ["GITHUB_TOKEN", "FIXTURE_KEY", "SERVICE_HANDLE"];

let model: OpenAICompatibleServer;
let agentDir: string;
let run: { code: number | null; stdout: string; stderr: string };

function filesBelow(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile());
}

beforeAll(async () => {
  const printAll = JSON.stringify({ names: NAMES });
  model = await startOpenAICompatibleServer([
    { toolCall: { id: "call_print", name: "mcp__printer__print", arguments: printAll } },
    // Over 50 KiB: the full output is saved under artifacts/tool-output/<runId>/.
    {
      toolCall: {
        id: "call_print_big",
        name: "mcp__printer__print",
        arguments: JSON.stringify({ names: NAMES, repeat: 1500 }),
      },
    },
    {
      toolCall: {
        id: "call_remember",
        name: "mcp__mono-agent-memory-write__Remember",
        arguments: JSON.stringify({ text: `The deploy key is ${SECRETS.FIXTURE_KEY}` }),
      },
    },
    {
      toolCall: {
        id: "call_write",
        name: "Write",
        arguments: JSON.stringify({ path: "notes/leak.txt", content: `token ${SECRETS.GITHUB_TOKEN}` }),
      },
    },
    {
      text: `The token is ${SECRETS.GITHUB_TOKEN}, the key ${SECRETS.FIXTURE_KEY}, the handle ${SECRETS.PLAIN_REFERENCED}.`,
    },
  ]);
  agentDir = mkdtempSync(join(tmpdir(), "host-secrets-"));
  writeFileSync(
    join(agentDir, "mono-agent.config.json"),
    JSON.stringify({
      runtime: { model: "fixture:scripted" },
      models: {
        providers: {
          fixture: {
            baseUrl: model.baseUrl,
            apiKeyEnv: "FIXTURE_KEY",
            compat: { supportsDeveloperRole: false, supportsStore: false, maxTokensField: "max_tokens" },
          },
        },
      },
      memory: { path: "./memory" },
      tools: {
        allowedTools: ["Write", "Remember"],
        mcpEnvPassthrough: ["FIXTURE_KEY"],
        mcpServers: {
          printer: {
            command: process.execPath,
            args: [PRINT_ENV_SERVER],
            env: { GITHUB_TOKEN: { $env: "GITHUB_TOKEN" }, SERVICE_HANDLE: { $env: "PLAIN_REFERENCED" } },
          },
        },
      },
    }),
  );
  writeFileSync(join(agentDir, ".env"), `GITHUB_TOKEN=${SECRETS.GITHUB_TOKEN}\n`);
  const result = await runCliAsync(["run", "print the host's secrets"], {
    cwd: agentDir,
    env: { FIXTURE_KEY: SECRETS.FIXTURE_KEY, PLAIN_REFERENCED: SECRETS.PLAIN_REFERENCED },
  });
  run = { code: result.exitCode, stdout: result.stdout, stderr: result.stderr };
}, 60_000);

afterAll(async () => {
  await model?.close();
});

describe("a run whose tools and model print the host's secrets", () => {
  test("the secrets really went through the run (the server printed them to the model)", () => {
    expect(run.code, run.stderr).toBe(0);
    const toolResults = model.requests
      .flatMap((request) => (request.body["messages"] as { role: string; content: unknown }[]) ?? [])
      .filter((message) => message.role === "tool")
      .map((message) => JSON.stringify(message.content));
    expect(toolResults.join("\n")).toContain(SECRETS.GITHUB_TOKEN);
    expect(toolResults.join("\n")).toContain(SECRETS.PLAIN_REFERENCED);
    // Remember refused the provider key, although its variable name says nothing of a secret.
    expect(toolResults.join("\n")).toContain("value of a configured credential");
  });

  test("no SQLite file, artifact or memory file of the agent folder holds any of the secret values", () => {
    const stateFiles = [
      ...filesBelow(join(agentDir, ".mono-agent")),
      ...filesBelow(join(agentDir, "memory")),
    ];
    const names = stateFiles.map((file) => file.slice(agentDir.length + 1));
    expect(names).toEqual(
      expect.arrayContaining([
        ".mono-agent/conversations.sqlite",
        ".mono-agent/artifacts/runs.sqlite",
        ".mono-agent/history/tool-history/tool-lifecycles.sqlite",
        expect.stringMatching(/^\.mono-agent\/artifacts\/run-.+\.events\.jsonl$/),
        expect.stringMatching(/^\.mono-agent\/artifacts\/tool-output\/.+\.txt$/),
      ]),
    );
    const leaks = stateFiles.flatMap((file) => {
      const bytes = readFileSync(file);
      return VALUES.filter((value) => bytes.includes(value)).map((value) => `${file}: ${value}`);
    });
    expect(leaks).toEqual([]);
    // Each store saw the secrets and replaced them (the recorder says [redacted], the others [secret omitted]).
    const events = stateFiles.find((file) => file.endsWith(".events.jsonl"))!;
    expect(readFileSync(events, "utf8")).toContain("GITHUB_TOKEN=[redacted]");
    const spilled = stateFiles.find((file) => file.includes("tool-output"))!;
    expect(readFileSync(spilled, "utf8")).toContain(`FIXTURE_KEY=[secret omitted]`);
    const conversations = stateFiles.filter((file) => file.includes("conversations.sqlite"));
    expect(conversations.some((file) => readFileSync(file).includes("The token is [secret omitted]"))).toBe(
      true,
    );
  });

  test("the terminal output shows none of them either", () => {
    for (const value of VALUES) expect(run.stdout + run.stderr).not.toContain(value);
    expect(run.stdout).toContain("The token is [secret omitted]");
  });
});
