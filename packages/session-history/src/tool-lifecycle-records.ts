import { isHistoryToolName, type SecretScanner } from "@mono-agent/evidence";
import { classifyToolOutcome } from "./classify-tool-outcome.js";
import { nestedHistoryPayload, projectToolPayload } from "./project-tool-payload.js";
import type { InvocationWrite, ResultWrite, ToolCallIdentity } from "./tool-lifecycle-write.js";

/** Builds the invocation write of a `tool_execution_start` event: arguments redacted and bounded. */
export function invocationWrite(
  identity: ToolCallIdentity,
  event: { sequence: number; startedAtMs: number; args: unknown },
  secretScanner?: SecretScanner,
): InvocationWrite {
  return {
    ...identity,
    phase: "invocation",
    sequence: event.sequence,
    startedAtMs: event.startedAtMs,
    payload: projectToolPayload(event.args, secretScanner ? { secretScanner } : {}),
  };
}

/**
 * Builds the result write of a `tool_execution_end` event (pi: `{ result: { content, details }, isError }`):
 * the terminal state, the payload redacted and bounded (a nested RunHistory / SessionHistory result is
 * replaced by the omission marker), and the artifact paths the result named (`details.savedPath`,
 * `details.artifactPaths`).
 */
export function resultWrite(
  identity: ToolCallIdentity,
  event: {
    sequence: number;
    endedAtMs: number;
    startedAtMs?: number;
    result: unknown;
    isError: boolean;
    /** True when the run was aborted when the call ended. */
    aborted?: boolean;
  },
  secretScanner?: SecretScanner,
): ResultWrite {
  const outcome = classifyToolOutcome({
    isError: event.isError,
    text: resultText(event.result),
    aborted: event.aborted === true,
  });
  return {
    ...identity,
    phase: "result",
    sequence: event.sequence,
    state: outcome.state,
    ...(outcome.failureKind ? { failureKind: outcome.failureKind } : {}),
    ...(outcome.detailCode ? { detailCode: outcome.detailCode } : {}),
    endedAtMs: event.endedAtMs,
    ...(event.startedAtMs !== undefined
      ? { executionMs: Math.max(0, event.endedAtMs - event.startedAtMs) }
      : {}),
    payload: isHistoryToolName(identity.toolName)
      ? nestedHistoryPayload(event.result)
      : projectToolPayload(event.result, secretScanner ? { secretScanner } : {}),
    artifactPaths: artifactPathsOf(event.result),
  };
}

function resultText(result: unknown): string {
  const content = (result as { content?: unknown } | undefined)?.content;
  if (typeof result === "string") return result;
  if (!Array.isArray(content)) return "";
  return content
    .map((block) => (block && typeof block === "object" && "text" in block ? String(block.text) : ""))
    .join("\n");
}

function artifactPathsOf(result: unknown): string[] {
  const details = (result as { details?: unknown } | undefined)?.details;
  if (!details || typeof details !== "object") return [];
  const record = details as { savedPath?: unknown; artifactPaths?: unknown };
  const paths: unknown[] = [
    record.savedPath,
    ...(Array.isArray(record.artifactPaths) ? record.artifactPaths : []),
  ];
  return paths.filter((path): path is string => typeof path === "string" && path !== "").slice(0, 16);
}
