import type { ChannelAttachment } from "./channel-app.js";
import { ChannelError } from "./channel-error.js";

/**
 * Largest file a channel stages for a run, in bytes: 20 MB, the Bot API's download limit for bots
 * (Telegram `getFile`) and well above what a request-context server reads from a chat message.
 */
export const ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;

/** Options of {@link fetchAttachment}. */
export interface FetchAttachmentOptions {
  url: string;
  name: string;
  headers?: Record<string, string>;
  maxBytes?: number;
  fetch?: typeof globalThis.fetch;
  signal?: AbortSignal;
}

/**
 * Downloads one file a user attached, reading at most `maxBytes` (default {@link ATTACHMENT_MAX_BYTES}):
 * a larger file is `attachment_too_large` and nothing is kept; an HTTP error is `platform_error`.
 */
export async function fetchAttachment(options: FetchAttachmentOptions): Promise<ChannelAttachment> {
  const maxBytes = options.maxBytes ?? ATTACHMENT_MAX_BYTES;
  const response = await (options.fetch ?? globalThis.fetch)(options.url, {
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    redirect: "follow",
  });
  if (!response.ok || response.body === null)
    throw new ChannelError(
      "platform_error",
      `downloading ${options.name} failed with HTTP ${response.status}`,
      {
        platformCode: String(response.status),
      },
    );
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const part of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += part.byteLength;
    if (size > maxBytes)
      throw new ChannelError(
        "attachment_too_large",
        `${options.name} is larger than ${maxBytes} bytes; it was not staged`,
      );
    parts.push(part);
  }
  const data = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    data.set(part, offset);
    offset += part.byteLength;
  }
  return { name: options.name, data };
}
