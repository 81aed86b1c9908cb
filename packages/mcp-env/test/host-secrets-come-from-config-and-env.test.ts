import { loadMonoAgentConfig } from "@mono-agent/config";
import { describe, expect, test } from "vitest";
import { collectHostSecrets } from "../src/index.js";

const PROVIDER_KEY = "provider-key-value-0123456789";
const REFERENCED = "referenced-header-value-0123456789";
const LITERAL = "literal-bearer-value-0123456789";

async function secretsOf(extraValues: readonly string[] = []) {
  const env = {
    MY_PROVIDER_KEY: PROVIDER_KEY,
    HEADER_SOURCE: REFERENCED,
    PLAIN_SETTING: "not-a-secret-at-all",
  };
  const loaded = await loadMonoAgentConfig({
    cwd: "/agents/demo",
    env,
    config: {
      models: { providers: { local: { baseUrl: "http://127.0.0.1:9/v1", apiKeyEnv: "MY_PROVIDER_KEY" } } },
      tools: {
        mcpServers: {
          remote: {
            type: "http",
            url: "http://127.0.0.1:9/mcp",
            headers: { Authorization: `Bearer ${LITERAL}`, "X-Source": { $env: "HEADER_SOURCE" } },
          },
        },
      },
    },
  });
  return collectHostSecrets(loaded, env, extraValues);
}

describe("collectHostSecrets", () => {
  test("redacts values the config points at and credential-named literals, nothing else", async () => {
    const secrets = await secretsOf();
    expect(secrets.redactText(`a ${PROVIDER_KEY} b ${REFERENCED} c ${LITERAL} d not-a-secret-at-all`)).toBe(
      "a [secret omitted] b [secret omitted] c [secret omitted] d not-a-secret-at-all",
    );
  });

  test("holds back only an end of the text that could start a secret", async () => {
    const secrets = await secretsOf();
    expect(secrets.heldBackLength("plain words")).toBe(0);
    expect(secrets.heldBackLength(`then ${PROVIDER_KEY.slice(0, 6).toUpperCase()}`)).toBe(6);
  });

  test("values added later are redacted from then on, by redactText and by the scanner", async () => {
    const secrets = await secretsOf(["given-at-start-0123456789"]);
    expect(secrets.redactText("x given-at-start-0123456789")).toBe("x [secret omitted]");
    expect(secrets.redactText("y generated-later-0123456789")).toBe("y generated-later-0123456789");
    secrets.add(["generated-later-0123456789"]);
    expect(secrets.redactText("y generated-later-0123456789")).toBe("y [secret omitted]");
    expect(secrets.scanner.findSecrets("z generated-later-0123456789")).toHaveLength(1);
  });
});
