import { join } from "node:path";
import { fauxAssistantMessage } from "@earendil-works/pi-ai";
import type { ContinuationCapabilityIssuer, ContinuationCapabilityRequest } from "@mono-agent/mcp-env";
import { afterEach, describe, expect, test } from "vitest";
import { startMonoAgentApp } from "../../src/app/start-mono-agent-app.js";
// @ts-expect-error plain .mjs fixture without types
import { startHttpFixture } from "../fixtures/mcp/http-server.mjs";
import { contextServer, fauxModel, makeAgentDir, readReport } from "../fixtures/mcp-env/context-kit.js";

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function stubIssuer() {
  const requests: ContinuationCapabilityRequest[] = [];
  const released: string[] = [];
  const issuer: ContinuationCapabilityIssuer = {
    issue(request) {
      requests.push(request);
      return {
        url: "http://127.0.0.1:4319/v1/continuations/claim",
        token: `claim-token-${request.serverName}`,
        fingerprint: `fingerprint-${request.serverName}`,
        mode: "notify_if_actionable",
        release: () => {
          released.push(request.serverName);
        },
      };
    },
  };
  return { issuer, requests, released };
}

async function startApp(
  tools: Record<string, unknown>,
  issuer?: ContinuationCapabilityIssuer,
  extraConfig: Record<string, unknown> = {},
) {
  const dir = makeAgentDir();
  const { faux, customModels } = fauxModel();
  const app = await startMonoAgentApp({
    config: { runtime: { model: "faux:faux-1" }, tools, ...extraConfig },
    cwd: dir,
    env: { PATH: process.env.PATH },
    customModels,
    ...(issuer ? { continuationIssuer: issuer } : {}),
  });
  cleanups.push(() => app.close());
  faux.setResponses([fauxAssistantMessage("done")]);
  return { app, faux, dir };
}

describe("the continuation-claim overlay in a run", () => {
  test.each([
    ["an SSE server", { url: "http://127.0.0.1:9/sse", type: "sse" }],
    ["a remote HTTP server", { url: "https://mcp.example.com/mcp", type: "http" }],
  ])(
    "%s refuses the run with unsupported_continuation_server before the model is called",
    async (_label, spec) => {
      const { issuer, requests } = stubIssuer();
      const { app, faux } = await startApp(
        { continuationServers: ["work"], mcpServers: { work: spec } },
        issuer,
      );
      const result = await app.run({ input: "hi" });
      expect(result.status).toBe("failed");
      expect(result.error?.kind).toBe("unsupported_continuation_server");
      expect(result.error?.message).toContain('"work"');
      expect(faux.state.callCount).toBe(0);
      expect(requests).toEqual([]);
    },
  );

  test("a loopback HTTP server receives the four claim headers; a configured claim token is replaced", async () => {
    const http = await startHttpFixture();
    cleanups.push(() => http.close());
    const { issuer, requests, released } = stubIssuer();
    const { app } = await startApp(
      {
        continuationServers: ["local"],
        mcpServers: {
          local: {
            url: http.url.replace("127.0.0.1", "localhost"),
            headers: { "X-Mono-Agent-Continuation-Claim-Token": "configured-spoof", "x-other": "kept" },
          },
        },
      },
      issuer,
    );
    const result = await app.run({ input: "hi", conversationId: "cli:claims" });
    expect(result.status).toBe("succeeded");
    expect(result.mcpServersUsed).toContain("local");
    expect(requests).toEqual([
      {
        runId: result.runId,
        serverName: "local",
        conversationId: "cli:claims",
        historyBoundary: result.runId,
      },
    ]);
    expect(http.seenHeaders.length).toBeGreaterThan(0);
    for (const headers of http.seenHeaders as Record<string, string>[]) {
      expect(headers).toMatchObject({
        "x-mono-agent-continuation-claim-url": "http://127.0.0.1:4319/v1/continuations/claim",
        "x-mono-agent-continuation-claim-token": "claim-token-local",
        "x-mono-agent-continuation-claim-fingerprint": "fingerprint-local",
        "x-mono-agent-continuation-claim-mode": "notify_if_actionable",
        "x-other": "kept",
      });
    }
    expect(JSON.stringify(http.seenHeaders)).not.toContain("configured-spoof");
    expect(released).toEqual(["local"]);
  });

  test("a stdio server receives the four claim env keys; with continuations disabled they are empty", async () => {
    const { issuer } = stubIssuer();
    const report = join(makeAgentDir(), "env.json");
    const second = await startApp(
      {
        continuationServers: ["work"],
        mcpServers: {
          work: contextServer([`--report=${report}`], { MONO_AGENT_CONTINUATION_CLAIM_TOKEN: "spoof" }),
        },
      },
      issuer,
    );
    expect((await second.app.run({ input: "hi" })).status).toBe("succeeded");
    expect(readReport(report)).toMatchObject({
      MONO_AGENT_CONTINUATION_CLAIM_URL: "http://127.0.0.1:4319/v1/continuations/claim",
      MONO_AGENT_CONTINUATION_CLAIM_TOKEN: "claim-token-work",
      MONO_AGENT_CONTINUATION_CLAIM_FINGERPRINT: "fingerprint-work",
      MONO_AGENT_CONTINUATION_CLAIM_MODE: "notify_if_actionable",
    });
    const plainReport = join(makeAgentDir(), "plain.json");
    const disabled = await startApp(
      {
        continuationServers: ["work"],
        mcpServers: {
          work: contextServer([`--report=${plainReport}`], { MONO_AGENT_CONTINUATION_CLAIM_TOKEN: "spoof" }),
        },
      },
      issuer,
      { continuations: { enabled: false } },
    );
    expect((await disabled.app.run({ input: "hi" })).status).toBe("succeeded");
    expect(readReport(plainReport)).toMatchObject({
      MONO_AGENT_CONTINUATION_CLAIM_URL: "",
      MONO_AGENT_CONTINUATION_CLAIM_TOKEN: "",
      MONO_AGENT_CONTINUATION_CLAIM_FINGERPRINT: "",
      MONO_AGENT_CONTINUATION_CLAIM_MODE: "",
    });
  });
});
