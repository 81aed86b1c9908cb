import { describe, expect, test } from "vitest";
import {
  CONTINUATION_CLAIM_ENV,
  type ContinuationCapability,
  type ContinuationCapabilityIssuer,
  type ContinuationCapabilityRequest,
  classifyContinuationServer,
  injectMcpContinuationContext,
  McpEnvError,
  type OverlayServerSpec,
} from "../src/index.js";

function stubIssuer(overrides: Partial<ContinuationCapability> = {}) {
  const requests: ContinuationCapabilityRequest[] = [];
  const released: string[] = [];
  const issuer: ContinuationCapabilityIssuer = {
    issue(request) {
      requests.push(request);
      return {
        url: "http://127.0.0.1:4319/v1/continuations/claim",
        token: `token-${request.serverName}`,
        fingerprint: `fp-${request.serverName}`,
        mode: "reply",
        release: () => {
          released.push(request.serverName);
        },
        ...overrides,
      };
    },
  };
  return { issuer, requests, released };
}

const base = { runId: "run-1", conversationId: "cli:default" };

describe("continuation-claim overlay", () => {
  test("classification: stdio, loopback HTTP (localhost, 127.0.0.1, ::1), everything else unsupported", () => {
    const remote = (url: string, transport: "http" | "sse" | "auto" = "http"): OverlayServerSpec => ({
      name: "r",
      transport,
      url,
      headers: {},
    });
    expect(classifyContinuationServer({ name: "s", transport: "stdio", env: {} })).toBe("stdio");
    expect(classifyContinuationServer(remote("http://localhost:8123/mcp"))).toBe("http");
    expect(classifyContinuationServer(remote("http://127.0.0.1:8123/mcp", "auto"))).toBe("http");
    expect(classifyContinuationServer(remote("http://[::1]:8123/mcp"))).toBe("http");
    expect(classifyContinuationServer(remote("https://mcp.example.com/mcp"))).toBe("unsupported");
    expect(classifyContinuationServer(remote("http://127.0.0.2/mcp"))).toBe("unsupported");
    expect(classifyContinuationServer(remote("http://127.0.0.1:8123/sse", "sse"))).toBe("unsupported");
  });

  test("stdio gets the four env keys; loopback HTTP gets the four headers with configured ones dropped", async () => {
    const { issuer, requests } = stubIssuer();
    const input: OverlayServerSpec[] = [
      { name: "work", transport: "stdio", env: { [CONTINUATION_CLAIM_ENV.token]: "spoof" } },
      {
        name: "local",
        transport: "auto",
        url: "http://localhost:8123/mcp",
        headers: { "X-Mono-Agent-Continuation-Claim-Token": "spoof", accept: "x" },
      },
    ];
    const snapshot = structuredClone(input);
    const overlay = await injectMcpContinuationContext(input, {
      ...base,
      serverNames: ["work", "local"],
      issuer,
    });
    expect(input).toEqual(snapshot);
    expect(requests).toEqual([
      { runId: "run-1", serverName: "work", conversationId: "cli:default", historyBoundary: "run-1" },
      { runId: "run-1", serverName: "local", conversationId: "cli:default", historyBoundary: "run-1" },
    ]);
    const [work, local] = overlay.servers;
    expect(work?.transport === "stdio" && work.env).toEqual({
      MONO_AGENT_CONTINUATION_CLAIM_URL: "http://127.0.0.1:4319/v1/continuations/claim",
      MONO_AGENT_CONTINUATION_CLAIM_TOKEN: "token-work",
      MONO_AGENT_CONTINUATION_CLAIM_FINGERPRINT: "fp-work",
      MONO_AGENT_CONTINUATION_CLAIM_MODE: "reply",
    });
    expect(local?.transport).toBe("http");
    expect(local?.transport !== "stdio" && local?.headers).toEqual({
      accept: "x",
      "x-mono-agent-continuation-claim-url": "http://127.0.0.1:4319/v1/continuations/claim",
      "x-mono-agent-continuation-claim-token": "token-local",
      "x-mono-agent-continuation-claim-fingerprint": "fp-local",
      "x-mono-agent-continuation-claim-mode": "reply",
    });
  });

  test("SSE or remote HTTP throws unsupported_continuation_server before anything is issued", async () => {
    const { issuer, requests } = stubIssuer();
    const input: OverlayServerSpec[] = [
      { name: "work", transport: "stdio", env: {} },
      { name: "legacy", transport: "sse", url: "http://127.0.0.1:8123/sse", headers: {} },
    ];
    const error = await injectMcpContinuationContext(input, {
      ...base,
      serverNames: ["work", "legacy"],
      issuer,
    }).catch((caught: unknown) => caught);
    expect(McpEnvError.isInstance(error) && error.code).toBe("unsupported_continuation_server");
    expect(requests).toEqual([]);
  });

  test("an unusable capability releases every capability already issued", async () => {
    const { issuer, released } = stubIssuer();
    let calls = 0;
    const flaky: ContinuationCapabilityIssuer = {
      issue: (request) => {
        calls += 1;
        const issued = issuer.issue(request) as ContinuationCapability;
        return calls === 2 ? { ...issued, url: "https://claims.example.com/claim" } : issued;
      },
    };
    const input: OverlayServerSpec[] = [
      { name: "a", transport: "stdio", env: {} },
      { name: "b", transport: "stdio", env: {} },
    ];
    const error = await injectMcpContinuationContext(input, {
      ...base,
      serverNames: ["a", "b"],
      issuer: flaky,
    }).catch((caught: unknown) => caught);
    expect(McpEnvError.isInstance(error) && error.code).toBe("invalid_continuation_capability");
    expect(released.sort()).toEqual(["a", "b"]);
  });

  test("without an issuer, stdio gets empty claim values and HTTP loses configured claim headers", async () => {
    const input: OverlayServerSpec[] = [
      { name: "a", transport: "stdio", env: { MONO_AGENT_CONTINUATION_CLAIM_MODE: "reply" } },
      {
        name: "b",
        transport: "http",
        url: "http://127.0.0.1:1/mcp",
        headers: { "x-mono-agent-continuation-claim-token": "t" },
      },
    ];
    const overlay = await injectMcpContinuationContext(input, { ...base, serverNames: ["a", "b"] });
    const [a, b] = overlay.servers;
    expect(a?.transport === "stdio" && a.env[CONTINUATION_CLAIM_ENV.mode]).toBe("");
    expect(b?.transport !== "stdio" && b?.headers).toEqual({});
    expect(overlay.capabilities).toEqual([]);
  });
});
