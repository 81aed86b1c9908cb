import { constants } from "node:fs";
import { lstat, mkdir, open, realpath, unlink } from "node:fs/promises";
import { basename, join } from "node:path";
import { attachmentFileName, uniqueFileName } from "./attachment-file-name.js";
import { type AttachmentIdentity, identityNumber } from "./attachment-identity.js";
import {
  ATTACHMENT_DIRECTORY_MODE,
  ATTACHMENT_FILE_MODE,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS_PER_REQUEST,
} from "./attachment-limits.js";
import { McpEnvError } from "./mcp-env-error.js";
import { assertRunId, conversationDirectoryName } from "./run-ids.js";

/**
 * One attachment of a request: bytes with a name, or a file to copy (its name defaults to the file's
 * base name). The staged copy is what servers see; the source is never given to them.
 */
export type AttachmentSource = { name: string; data: Uint8Array } | { name?: string; path: string };

/** The outcome of staging one request's attachments. */
export interface StagedAttachments {
  /** Canonical (real) path of the attachments root. */
  root: string;
  /** `<root>/<conversation-dir>/<runId>`; absent when there was nothing to stage. */
  directory?: string;
  /** Successful saves, in request order: the only paths servers may accept. */
  saved: AttachmentIdentity[];
  /** Saves that failed, each with the attachment's name and why. */
  failed: { name: string; message: string }[];
}

/** Creates the attachments root (0700, recursive) and returns its canonical path. */
export async function prepareAttachmentsRoot(root: string): Promise<string> {
  await mkdir(root, { recursive: true, mode: ATTACHMENT_DIRECTORY_MODE });
  return realpath(root);
}

function assertSources(attachments: unknown): asserts attachments is AttachmentSource[] {
  const accepted = "a list of { name, data: Uint8Array } or { name?, path: string }";
  if (!Array.isArray(attachments))
    throw new McpEnvError("invalid_attachment", `attachments must be ${accepted}`);
  if (attachments.length > MAX_ATTACHMENTS_PER_REQUEST)
    throw new McpEnvError(
      "invalid_attachment",
      `a request carries at most ${MAX_ATTACHMENTS_PER_REQUEST} attachments; received ${attachments.length}`,
    );
  attachments.forEach((item, index) => {
    const entry = (item ?? {}) as Record<string, unknown>;
    const byData = entry["data"] instanceof Uint8Array && typeof entry["name"] === "string";
    const byPath = typeof entry["path"] === "string" && entry["path"] !== "" && entry["data"] === undefined;
    const nameOk = entry["name"] === undefined || typeof entry["name"] === "string";
    if (!(byData || byPath) || !nameOk)
      throw new McpEnvError(
        "invalid_attachment",
        `attachment ${index} is not accepted: expected ${accepted}`,
      );
  });
}

async function makeOwnDirectory(path: string, exclusive: boolean): Promise<void> {
  try {
    await mkdir(path, { mode: ATTACHMENT_DIRECTORY_MODE });
  } catch (error) {
    const stats = await lstat(path).catch(() => undefined);
    const reusable = !exclusive && stats?.isDirectory() === true && !stats.isSymbolicLink();
    if (!reusable)
      throw new McpEnvError(
        "unsafe_attachment_directory",
        `attachments cannot be staged safely: ${path} ${stats?.isSymbolicLink() ? "is a symlink" : stats?.isDirectory() ? "already exists" : "cannot be created"}`,
        { cause: error },
      );
  }
}

async function readSource(path: string): Promise<Uint8Array> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new Error(`${path} is not a regular file`);
    if (stats.size > MAX_ATTACHMENT_BYTES)
      throw new Error(
        `${path} is ${stats.size} bytes; attachments are at most ${MAX_ATTACHMENT_BYTES} bytes`,
      );
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** Writes `bytes` to a new file (exclusive, no-follow, 0600), fsyncs, and reads the identity from the descriptor. */
async function writeExclusive(path: string, bytes: Uint8Array): Promise<AttachmentIdentity> {
  if (bytes.byteLength > MAX_ATTACHMENT_BYTES)
    throw new Error(`${bytes.byteLength} bytes; attachments are at most ${MAX_ATTACHMENT_BYTES} bytes`);
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
  const handle = await open(path, flags, ATTACHMENT_FILE_MODE);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
    const stats = await handle.stat({ bigint: true });
    return { path, dev: identityNumber(stats.dev), ino: identityNumber(stats.ino) };
  } catch (error) {
    await unlink(path).catch(() => {});
    throw error;
  } finally {
    await handle.close();
  }
}

/**
 * Stages one request's attachments under `<attachmentsRoot>/<conversation-dir>/<runId>/`: directories
 * 0700 (the run directory created exclusively), each file created exclusive and no-follow with mode
 * 0600, written, fsynced, and its `{path, dev, ino}` read from the open descriptor. A save that fails
 * is reported in `failed` and never in `saved`. Throws `invalid_attachment` for a malformed list,
 * `unsafe_attachment_directory` when a staging directory is a symlink or already exists.
 */
export async function stageAttachments(options: {
  attachmentsRoot: string;
  conversationId: string;
  runId: string;
  attachments: readonly AttachmentSource[];
}): Promise<StagedAttachments> {
  assertRunId(options.runId);
  assertSources(options.attachments);
  const root = await prepareAttachmentsRoot(options.attachmentsRoot);
  if (options.attachments.length === 0) return { root, saved: [], failed: [] };
  const conversationDir = join(root, conversationDirectoryName(options.conversationId));
  await makeOwnDirectory(conversationDir, false);
  const directory = join(conversationDir, options.runId);
  await makeOwnDirectory(directory, true);
  const saved: AttachmentIdentity[] = [];
  const failed: StagedAttachments["failed"] = [];
  const taken = new Set<string>();
  for (const source of options.attachments) {
    const name = "data" in source ? source.name : (source.name ?? basename(source.path));
    try {
      const bytes = "data" in source ? source.data : await readSource(source.path);
      const fileName = uniqueFileName(attachmentFileName(name), taken);
      saved.push(await writeExclusive(join(directory, fileName), bytes));
    } catch (error) {
      failed.push({ name, message: error instanceof Error ? error.message : String(error) });
    }
  }
  return { root, directory, saved, failed };
}
