import { ATTACHMENT_MAX_BYTES, type ChannelAttachment, fetchAttachment } from "@mono-agent/channel-kit";
import type { Api } from "grammy";
import type { Message } from "grammy/types";
import { callTelegram } from "./telegram-api-error.js";

/** A file of a Telegram message the channel stages: a document, or the largest size of a photo. */
export interface TelegramMessageFile {
  fileId: string;
  name: string;
  size?: number;
}

const safeName = (name: string, fallback: string) => name.replace(/[/\\\0]/g, "_").slice(0, 200) || fallback;

/** The files of a message to stage: its document and its photo (largest size), named for the run. */
export function telegramMessageFiles(message: Message): TelegramMessageFile[] {
  const files: TelegramMessageFile[] = [];
  if (message.document)
    files.push({
      fileId: message.document.file_id,
      name: safeName(message.document.file_name ?? "", "document"),
      ...(message.document.file_size !== undefined ? { size: message.document.file_size } : {}),
    });
  const photo = message.photo?.at(-1);
  if (photo)
    files.push({
      fileId: photo.file_id,
      name: `photo-${message.message_id}.jpg`,
      ...(photo.file_size !== undefined ? { size: photo.file_size } : {}),
    });
  return files;
}

/**
 * Downloads a message's files for the run: `getFile`, then the file from the Bot API's file root (the
 * token is part of that URL and goes nowhere else). A file over {@link ATTACHMENT_MAX_BYTES} (Telegram's
 * own download limit for bots) or one that fails is skipped and reported through `onSkipped`.
 */
export async function downloadTelegramFiles(options: {
  api: Api;
  files: readonly TelegramMessageFile[];
  botToken: string;
  apiRoot: string;
  onSkipped?: (name: string, reason: string) => void;
}): Promise<ChannelAttachment[]> {
  const staged: ChannelAttachment[] = [];
  for (const file of options.files) {
    if (file.size !== undefined && file.size > ATTACHMENT_MAX_BYTES) {
      options.onSkipped?.(file.name, `it is larger than ${ATTACHMENT_MAX_BYTES} bytes`);
      continue;
    }
    try {
      const info = await callTelegram("getFile", () => options.api.getFile(file.fileId));
      if (info.file_path === undefined || /(^|\/)\.\.(\/|$)/.test(info.file_path))
        throw new Error("Telegram gave no usable file path");
      staged.push(
        await fetchAttachment({
          url: `${options.apiRoot}/file/bot${options.botToken}/${info.file_path}`,
          name: file.name,
        }),
      );
    } catch (error) {
      options.onSkipped?.(file.name, error instanceof Error ? error.message : String(error));
    }
  }
  return staged;
}
