import { WebConsoleError } from "../web-console-error.js";
import { WEB_BODY_MAX_BYTES } from "./web-http.js";

/** Files one console message may carry: a handful of uploads, not a folder. */
export const WEB_ATTACHMENTS_MAX = 8;

/** Largest file one console message may carry, in bytes (10 MB: documents and screenshots, not archives). */
export const WEB_ATTACHMENT_MAX_BYTES = 10_000_000;

/** Largest sum of the files of one message, in bytes. */
export const WEB_ATTACHMENTS_TOTAL_MAX_BYTES = 20_000_000;

/** Longest file name the console accepts, in characters (the stager shortens names further, keeping the extension). */
export const WEB_ATTACHMENT_NAME_MAX_CHARACTERS = 255;

/**
 * Largest body of `POST /api/threads/<id>/messages`, in bytes: the files base64-encoded (4 bytes per 3),
 * plus a message of the ordinary body size.
 */
export const WEB_MESSAGE_BODY_MAX_BYTES =
  Math.ceil((WEB_ATTACHMENTS_TOTAL_MAX_BYTES * 4) / 3) + WEB_BODY_MAX_BYTES;

/** A file sent with a message: staged for the run's request-context servers. */
export interface WebAttachment {
  name: string;
  data: Uint8Array;
}

/** What a turn keeps of its files: their names and sizes (the bytes live in the run's staging folder). */
export interface WebAttachmentNote {
  name: string;
  bytes: number;
}

const ACCEPTED_FORM = 'send "attachments": [{ "name": "notes.txt", "data": "<base64>" }]';
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const CONTROL = /[\u0000-\u001f\u007f]/;

function invalid(message: string): WebConsoleError {
  return new WebConsoleError("invalid_request", `${message}; ${ACCEPTED_FORM}.`);
}

/**
 * The `attachments` of a message body: absent means none. Each is `{ name, data }` with `data` in
 * standard base64; at most {@link WEB_ATTACHMENTS_MAX} files of {@link WEB_ATTACHMENT_MAX_BYTES} each and
 * {@link WEB_ATTACHMENTS_TOTAL_MAX_BYTES} together. Throws `invalid_request` naming the bad entry.
 */
export function parseWebAttachments(value: unknown): WebAttachment[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw invalid('"attachments" must be an array');
  if (value.length > WEB_ATTACHMENTS_MAX)
    throw invalid(`${value.length} attachments were sent; at most ${WEB_ATTACHMENTS_MAX} are accepted`);
  let total = 0;
  return value.map((entry: unknown, index) => {
    const at = `attachments[${index}]`;
    if (typeof entry !== "object" || entry === null || Array.isArray(entry))
      throw invalid(`${at} is not an object`);
    const extra = Object.keys(entry).filter((key) => key !== "name" && key !== "data");
    if (extra.length > 0) throw invalid(`${at} has unknown field(s) ${extra.join(", ")}`);
    const { name, data } = entry as { name?: unknown; data?: unknown };
    if (typeof name !== "string" || name.trim() === "")
      throw invalid(`${at}.name must be a non-empty string`);
    if (name.length > WEB_ATTACHMENT_NAME_MAX_CHARACTERS || CONTROL.test(name))
      throw invalid(
        `${at}.name must be at most ${WEB_ATTACHMENT_NAME_MAX_CHARACTERS} characters with no control characters`,
      );
    if (typeof data !== "string" || data.length % 4 !== 0 || !BASE64.test(data))
      throw invalid(`${at}.data is not base64`);
    const bytes = Buffer.from(data, "base64");
    if (bytes.length > WEB_ATTACHMENT_MAX_BYTES)
      throw invalid(
        `${at} ("${name}") is ${bytes.length} bytes; at most ${WEB_ATTACHMENT_MAX_BYTES} are accepted`,
      );
    total += bytes.length;
    if (total > WEB_ATTACHMENTS_TOTAL_MAX_BYTES)
      throw invalid(`the attachments add up to more than ${WEB_ATTACHMENTS_TOTAL_MAX_BYTES} bytes`);
    return { name, data: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length) };
  });
}
