import { isLoopbackHttpUrl } from "./loopback-url.js";
import { McpEnvError } from "./mcp-env-error.js";

/** How the host delivers a continuation's eventual result. */
export const CONTINUATION_MODES = ["reply", "notify_if_actionable", "silent", "capture"] as const;
export type ContinuationMode = (typeof CONTINUATION_MODES)[number];

/** What the host asks the continuation service for, once per selected server and run. */
export interface ContinuationCapabilityRequest {
  runId: string;
  serverName: string;
  /** The producing conversation, including a daily rollover bucket. */
  conversationId: string;
  /** The physical reply target, when the request has one. */
  replyTo?: string;
  /** The run whose history the eventual synthesis may see; always the producing run. */
  historyBoundary: string;
}

/** A short-lived, host-bound claim capability. */
export interface ContinuationCapability {
  /** Loopback claim endpoint (`http://127.0.0.1:<port>/v1/continuations/claim`). */
  url: string;
  token: string;
  fingerprint: string;
  mode: ContinuationMode;
  /** Revokes the capability for new claims; called on error and at run cleanup. Idempotent. */
  release(): void | Promise<void>;
}

/** The continuation service as the overlay sees it (the service itself is shipped separately). */
export interface ContinuationCapabilityIssuer {
  issue(request: ContinuationCapabilityRequest): ContinuationCapability | Promise<ContinuationCapability>;
}

/** Throws `invalid_continuation_capability` unless `capability` is usable. */
export function assertContinuationCapability(
  capability: unknown,
  serverName: string,
): asserts capability is ContinuationCapability {
  const value = (capability ?? {}) as Partial<Record<keyof ContinuationCapability, unknown>>;
  const problem =
    typeof value.url !== "string" || !isLoopbackHttpUrl(value.url)
      ? "its url is not a loopback http(s) URL"
      : typeof value.token !== "string" || value.token === ""
        ? "its token is empty"
        : typeof value.fingerprint !== "string" || value.fingerprint === ""
          ? "its fingerprint is empty"
          : !CONTINUATION_MODES.includes(value.mode as ContinuationMode)
            ? `its mode is not one of ${CONTINUATION_MODES.join(", ")}`
            : typeof value.release !== "function"
              ? "it has no release()"
              : undefined;
  if (problem) {
    throw new McpEnvError(
      "invalid_continuation_capability",
      `the continuation capability issued for server "${serverName}" is not usable: ${problem}`,
    );
  }
}
