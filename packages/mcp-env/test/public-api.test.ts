import { join } from "node:path";
import { exportedNames } from "@mono-agent/test-utils";
import { describe, expect, test } from "vitest";
import * as root from "../src/index.js";

const sourceDir = join(import.meta.dirname, "..", "src");

// Adding a name here is an API decision: export what another package or a documented host uses; keep
// limits and helpers internal (tests import them from ../src/<file>.js).
describe("public API", () => {
  test("the root entry", () => {
    expect(Object.keys(root).sort()).toMatchInlineSnapshot(`
      [
        "CONTINUATION_CLAIM_ENV",
        "CONTINUATION_CLAIM_HEADERS",
        "CONTINUATION_MODES",
        "INTERACTION_BRIDGE_ENV",
        "LOOPBACK_HOSTS",
        "McpEnvError",
        "PROGRESS_BODY_MAX_BYTES",
        "PROGRESS_STATES",
        "REQUEST_CONTEXT_ENV",
        "RUN_ID_PATTERN",
        "allowedAttachmentsFromEnv",
        "applyContinuationCapability",
        "assertRunId",
        "classifyContinuationServer",
        "collectHostSecrets",
        "createRequestContextPreparer",
        "createRunOutputDirectory",
        "injectMcpContinuationContext",
        "injectMcpRequestContext",
        "openAllowedAttachment",
        "outboundRoot",
        "parseProgressReport",
        "readAllowedAttachment",
        "requestContextEnv",
        "selectRequestContextServers",
        "stageAttachments",
        "stripRolloverBucket",
      ]
    `);
    expect(exportedNames(join(sourceDir, "index.ts"))).toMatchInlineSnapshot(`
      [
        "AllowedAttachments",
        "AttachmentIdentity",
        "AttachmentSource",
        "CONTINUATION_CLAIM_ENV",
        "CONTINUATION_CLAIM_HEADERS",
        "CONTINUATION_MODES",
        "ContinuationCapability",
        "ContinuationCapabilityIssuer",
        "ContinuationCapabilityRequest",
        "ContinuationMode",
        "ContinuationOverlay",
        "ContinuationServerKind",
        "HostSecrets",
        "INTERACTION_BRIDGE_ENV",
        "InjectMcpContinuationContextOptions",
        "InjectMcpRequestContextOptions",
        "LOOPBACK_HOSTS",
        "McpEnvError",
        "McpEnvErrorCode",
        "OverlayServerSpec",
        "PROGRESS_BODY_MAX_BYTES",
        "PROGRESS_STATES",
        "ProgressBridge",
        "ProgressCapability",
        "ProgressObserver",
        "ProgressReport",
        "ProgressRunEvent",
        "ProgressRunInfo",
        "ProgressState",
        "REQUEST_CONTEXT_ENV",
        "RUN_ID_PATTERN",
        "RequestContext",
        "RequestContextConfig",
        "RequestContextPrepared",
        "RequestContextPreparerOptions",
        "RequestContextRunInfo",
        "RunOutputDirectory",
        "RunOutputLedger",
        "RunOutputRemoval",
        "StagedAttachments",
        "allowedAttachmentsFromEnv",
        "applyContinuationCapability",
        "assertRunId",
        "classifyContinuationServer",
        "collectHostSecrets",
        "createRequestContextPreparer",
        "createRunOutputDirectory",
        "injectMcpContinuationContext",
        "injectMcpRequestContext",
        "openAllowedAttachment",
        "outboundRoot",
        "parseProgressReport",
        "readAllowedAttachment",
        "requestContextEnv",
        "selectRequestContextServers",
        "stageAttachments",
        "stripRolloverBucket",
      ]
    `);
  });
});
