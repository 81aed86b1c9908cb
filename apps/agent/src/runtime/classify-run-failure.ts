import { type AssistantMessage, isContextOverflow } from "@earendil-works/pi-ai";

/**
 * Why a run did not succeed:
 * - `cancelled`: the run's signal was aborted (SIGINT, client gone).
 * - `missing_api_key`: the provider had no key to send.
 * - `authentication`: the provider refused the key (401/403).
 * - `rate_limited`: the provider asked to slow down (429, quota).
 * - `context_overflow`: the conversation no longer fits the model's context window.
 * - `network`: the endpoint could not be reached (refused, DNS, timeout).
 * - `provider_error`: any other error reported by the provider.
 * - `internal`: the runtime itself threw (a bug, or a failing event listener).
 */
export type PiSessionFailureKind =
  | "cancelled"
  | "missing_api_key"
  | "authentication"
  | "rate_limited"
  | "context_overflow"
  | "network"
  | "provider_error"
  | "internal";

/** Map a failed run's error text (and last assistant message) to a {@link PiSessionFailureKind}. */
export function classifyRunFailure(
  message: string,
  lastAssistant: AssistantMessage | undefined,
  thrown: unknown,
): PiSessionFailureKind {
  if (thrown !== undefined) return "internal";
  if (lastAssistant !== undefined && isContextOverflow(lastAssistant)) return "context_overflow";
  if (/no api key/i.test(message)) return "missing_api_key";
  if (/\b(401|403)\b|unauthori[sz]ed|forbidden|invalid api key|authentication/i.test(message))
    return "authentication";
  if (/\b429\b|rate.?limit|quota|too many requests/i.test(message)) return "rate_limited";
  if (
    /ECONNREFUSED|ENOTFOUND|ECONNRESET|ETIMEDOUT|EAI_AGAIN|fetch failed|connection error|network|timed? ?out/i.test(
      message,
    )
  )
    return "network";
  return "provider_error";
}
