import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  INTERACTION_BRIDGE_ENV,
  injectMcpRequestContext,
  type OverlayServerSpec,
  REQUEST_CONTEXT_ENV,
  type RequestContext,
} from "../src/index.js";

const context: RequestContext = {
  conversationId: "telegram:42#2026-07-12",
  runId: "20260712T090000Z-abcdef01",
  runOutputDir: "/agent/.mono-agent/artifacts/outbound/20260712T090000Z-abcdef01",
  attachmentsRoot: "/agent/.mono-agent/artifacts/attachments",
  attachments: [{ path: "/agent/.mono-agent/artifacts/attachments/a/r/x.txt", dev: 2049, ino: 77 }],
  progress: { url: "http://127.0.0.1:5000/v1/progress", token: "progress-token" },
};

function servers(): OverlayServerSpec[] {
  return [
    {
      name: "transcribe",
      transport: "stdio",
      env: {
        LOG_LEVEL: "info",
        MONO_AGENT_MCP_PRODUCING_CONVERSATION_ID: "slack:spoof",
        MONO_AGENT_INTERACTION_BRIDGE_TOKEN: "master-spoof",
      },
    },
    { name: "other", transport: "stdio", env: { MONO_AGENT_MCP_PRODUCING_RUN_ID: "left-alone" } },
    { name: "web", transport: "http", url: "http://127.0.0.1:9/mcp", headers: {} },
  ];
}

describe("injectMcpRequestContext", () => {
  test("a selected stdio server gets all eight keys, spoofs lose, the bridge master is blank", () => {
    const [first] = injectMcpRequestContext(servers(), { serverNames: ["transcribe"], context });
    expect(first?.transport === "stdio" && first.env).toEqual({
      LOG_LEVEL: "info",
      [REQUEST_CONTEXT_ENV.producingConversationId]: "telegram:42#2026-07-12",
      [REQUEST_CONTEXT_ENV.producingRunId]: "20260712T090000Z-abcdef01",
      [REQUEST_CONTEXT_ENV.runOutputDir]: context.runOutputDir,
      [REQUEST_CONTEXT_ENV.attachmentsRoot]: context.attachmentsRoot,
      [REQUEST_CONTEXT_ENV.allowedAttachmentPaths]: JSON.stringify([context.attachments[0]?.path]),
      [REQUEST_CONTEXT_ENV.allowedAttachmentIdentities]: JSON.stringify(context.attachments),
      [REQUEST_CONTEXT_ENV.progressUrl]: "http://127.0.0.1:5000/v1/progress",
      [REQUEST_CONTEXT_ENV.progressToken]: "progress-token",
      [INTERACTION_BRIDGE_ENV.url]: "",
      [INTERACTION_BRIDGE_ENV.token]: "",
    });
  });

  test("unlisted stdio and HTTP servers come back as the same objects; the input is not mutated", () => {
    const input = servers();
    const snapshot = structuredClone(input);
    const output = injectMcpRequestContext(input, { serverNames: ["transcribe", "web"], context });
    expect(output[1]).toBe(input[1]);
    expect(output[2]).toBe(input[2]);
    expect(output[0]).not.toBe(input[0]);
    expect(input).toEqual(snapshot);
  });

  test("no attachments and no progress give authoritative [] and empty progress keys", () => {
    const [first] = injectMcpRequestContext(servers(), {
      serverNames: ["transcribe"],
      context: { ...context, attachments: [], progress: undefined },
    });
    const env = first?.transport === "stdio" ? first.env : {};
    expect(env[REQUEST_CONTEXT_ENV.allowedAttachmentPaths]).toBe("[]");
    expect(env[REQUEST_CONTEXT_ENV.allowedAttachmentIdentities]).toBe("[]");
    expect(env[REQUEST_CONTEXT_ENV.progressUrl]).toBe("");
    expect(env[REQUEST_CONTEXT_ENV.progressToken]).toBe("");
  });

  test("whatever a server configures under the trusted names, the host values win", () => {
    const trustedNames = [...Object.values(REQUEST_CONTEXT_ENV), ...Object.values(INTERACTION_BRIDGE_ENV)];
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...trustedNames), fc.string()), (spoof) => {
        const input: OverlayServerSpec[] = [{ name: "s", transport: "stdio", env: { ...spoof } }];
        const [out] = injectMcpRequestContext(input, { serverNames: ["s"], context });
        const env = out?.transport === "stdio" ? out.env : {};
        expect(env[REQUEST_CONTEXT_ENV.producingRunId]).toBe(context.runId);
        expect(env[INTERACTION_BRIDGE_ENV.token]).toBe("");
        expect(input[0]?.transport === "stdio" && input[0].env).toEqual(spoof);
      }),
    );
  });
});
