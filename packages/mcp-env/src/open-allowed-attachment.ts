import { constants } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import type { AllowedAttachments } from "./allowed-attachments.js";
import { McpEnvError } from "./mcp-env-error.js";

/** The one message of every rejection, so a caller learns nothing about what is at the path. */
const NOT_ALLOWED = "this path is not an attachment of the current request";

/**
 * Opens an attachment for reading only if `path` is in the allowed path list AND the file, opened
 * without following a final symlink, is a regular file whose device and inode match the identity the
 * host recorded for that exact path. The caller closes the returned handle. Every rejection throws
 * `attachment_not_allowed` with the same message.
 */
export async function openAllowedAttachment(path: string, allowed: AllowedAttachments): Promise<FileHandle> {
  const identity = allowed.identities.find((item) => item.path === path);
  if (!allowed.paths.includes(path) || identity === undefined)
    throw new McpEnvError("attachment_not_allowed", NOT_ALLOWED);
  let handle: FileHandle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    throw new McpEnvError("attachment_not_allowed", NOT_ALLOWED, { cause: error });
  }
  try {
    const stats = await handle.stat({ bigint: true });
    if (
      stats.isFile() &&
      stats.dev.toString() === String(identity.dev) &&
      stats.ino.toString() === String(identity.ino)
    )
      return handle;
  } catch {
    // fall through to the rejection
  }
  await handle.close();
  throw new McpEnvError("attachment_not_allowed", NOT_ALLOWED);
}

/** {@link openAllowedAttachment}, then the whole file. */
export async function readAllowedAttachment(path: string, allowed: AllowedAttachments): Promise<Buffer> {
  const handle = await openAllowedAttachment(path, allowed);
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}
