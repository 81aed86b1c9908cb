import { ChannelError } from "@mono-agent/channel-kit";
import { GrammyError, HttpError } from "grammy";

/**
 * The error of a failed Bot API call as a `platform_error` ChannelError carrying Telegram's description
 * (`Bad Request: chat not found`, `Forbidden: bot was blocked by the user`...): `ok: false` is an error,
 * never swallowed. The message never carries the request URL (the token is in it).
 */
export function telegramApiError(method: string, error: unknown): ChannelError {
  const code =
    error instanceof GrammyError
      ? `${error.error_code} ${error.description}`
      : error instanceof HttpError
        ? "network error"
        : "request_failed";
  // No cause: grammY's errors carry the request payload, and a network error's cause the URL with the token.
  return new ChannelError("platform_error", `Telegram ${method} failed: ${code}`, { platformCode: code });
}

/** Runs one Bot API call, turning its failure into {@link telegramApiError}. */
export async function callTelegram<T>(method: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw telegramApiError(method, error);
  }
}
