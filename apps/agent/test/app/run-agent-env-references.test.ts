import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import { createFauxModel, type FauxModel } from "@mono-agent/test-utils/faux";
import { beforeEach, expect, test } from "vitest";
import { startMonoAgentApp } from "../../src/app/start-mono-agent-app.js";
// @ts-expect-error: a plain .mjs fixture without types
import { startHttpFixture } from "../fixtures/mcp/http-server.mjs";

type Faux = FauxModel;
let faux: Faux;
beforeEach(() => {
  faux = createFauxModel();
});

// biome-ignore lint/suspicious/noTemplateCurlyInString: the literal "${VAR}" text is what this test sends and expects
test("a { $env } header is resolved from the host env at run start and reaches the HTTP server; ${VAR} text stays literal", async () => {
  const fixture = await startHttpFixture({ requiredHeader: ["authorization", "Bearer from-the-env-record"] });
  const model = faux.getModel();
  const app = await startMonoAgentApp({
    config: {
      runtime: { model: "faux:test" },
      tools: {
        mcpServers: {
          remote: {
            url: fixture.url,
            type: "http",
            // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal "${VAR}" text is what this test sends and expects
            headers: { Authorization: { $env: "REMOTE_BEARER" }, "X-Literal": "${REMOTE_BEARER}" },
          },
        },
      },
    },
    cwd: mkdtempSync(join(tmpdir(), "env-ref-")),
    env: { REMOTE_BEARER: "Bearer from-the-env-record" },
    customModels: {
      "faux:test": {
        model,
        streamFn: faux.streamFn,
        getApiKey: () => "x",
        label: "faux:test",
        isDemo: false,
      },
    },
  });
  let received = "";
  faux.setResponses([
    fauxAssistantMessage([fauxToolCall("mcp__remote__headers", {})], { stopReason: "toolUse" }),
    (context) => {
      const last = context.messages.at(-1);
      received = last?.role === "toolResult" ? JSON.stringify(last.content) : "";
      return fauxAssistantMessage("done");
    },
  ]);
  try {
    const result = await app.run({ input: "show headers" });
    expect(result.status).toBe("succeeded");
    expect(result.warnings).toEqual([]);
    expect(received).toContain("Bearer from-the-env-record");
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal "${VAR}" text is what this test sends and expects
    expect(received).toContain("${REMOTE_BEARER}");
  } finally {
    await app.close();
    await fixture.close();
  }
});
