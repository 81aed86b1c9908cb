import type { AttachmentIdentity } from "./attachment-identity.js";
import { INTERACTION_BRIDGE_ENV, REQUEST_CONTEXT_ENV } from "./context-env-names.js";

/** The host-owned facts of one run that opted-in stdio servers receive. */
export interface RequestContext {
  /** The producing conversation, including a daily rollover bucket (`telegram:42#2026-07-12`). */
  conversationId: string;
  /** The run id (path-safe). */
  runId: string;
  /** Absolute path of `artifacts/outbound/<runId>`. */
  runOutputDir: string;
  /** Canonical (real) path of the attachments root. */
  attachmentsRoot: string;
  /** This request's successful saves only; empty when there are none. */
  attachments: readonly AttachmentIdentity[];
  /** The run's progress capability; absent when progress is disabled (both keys are then `""`). */
  progress?: { url: string; token: string };
}

/**
 * The ten env values the overlay writes: the eight request-context keys and the two blanked bridge
 * master keys. Pure.
 */
export function requestContextEnv(context: RequestContext): Record<string, string> {
  return {
    [REQUEST_CONTEXT_ENV.producingConversationId]: context.conversationId,
    [REQUEST_CONTEXT_ENV.producingRunId]: context.runId,
    [REQUEST_CONTEXT_ENV.runOutputDir]: context.runOutputDir,
    [REQUEST_CONTEXT_ENV.attachmentsRoot]: context.attachmentsRoot,
    [REQUEST_CONTEXT_ENV.allowedAttachmentPaths]: JSON.stringify(
      context.attachments.map((item) => item.path),
    ),
    [REQUEST_CONTEXT_ENV.allowedAttachmentIdentities]: JSON.stringify(
      context.attachments.map(({ path, dev, ino }) => ({ path, dev, ino })),
    ),
    [REQUEST_CONTEXT_ENV.progressUrl]: context.progress?.url ?? "",
    [REQUEST_CONTEXT_ENV.progressToken]: context.progress?.token ?? "",
    [INTERACTION_BRIDGE_ENV.url]: "",
    [INTERACTION_BRIDGE_ENV.token]: "",
  };
}
