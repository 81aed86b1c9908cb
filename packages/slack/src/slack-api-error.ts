import { ChannelError } from "@mono-agent/channel-kit";

/**
 * The error of a failed Web API call as a `platform_error` ChannelError carrying Slack's error code
 * (`channel_not_found`, `not_in_channel`, `ratelimited`...): an `ok: false` answer is an error, never
 * swallowed. The message never carries the request (tokens stay out of it).
 */
export function slackApiError(method: string, error: unknown): ChannelError {
  const data = (error as { data?: { error?: unknown } } | undefined)?.data;
  const code =
    typeof data?.error === "string"
      ? data.error
      : typeof (error as { code?: unknown })?.code === "string"
        ? String((error as { code: string }).code)
        : "request_failed";
  return new ChannelError("platform_error", `Slack ${method} failed: ${code}`, {
    platformCode: code,
    cause: error,
  });
}

/** Runs one Web API call, turning its failure into {@link slackApiError}. */
export async function callSlack<T>(method: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw slackApiError(method, error);
  }
}
