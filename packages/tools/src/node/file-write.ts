import { randomBytes } from "node:crypto";
import { constants, type Stats } from "node:fs";
import { lstat, mkdir, open, rename, stat, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import type { FileAccess, OpenDirectory } from "./file-access.js";
import { pathUnsafeError } from "./file-access-errors.js";

const CREATE_EXCLUSIVE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

/** Mode of a new file before the umask, as `fs.writeFile` creates it. */
const NEW_FILE_MODE = 0o666;

/** Longest file name most file systems take (ext4, APFS, NTFS: 255 bytes); the temp name stays under it. */
const FILE_NAME_MAX_BYTES = 255;

/**
 * Writes `content` (UTF-8) to `absolutePath` so that nothing outside the writable roots can be reached:
 * the parent directory is opened and verified on its descriptor, the entry is inspected inside that very
 * directory object (a symlink, dangling or not, a directory, a special file or a file with more than one
 * hard link is refused), and the bytes go to a temp file created exclusively there, synced and renamed
 * over the entry. An existing file keeps its permission bits. Nothing is left behind on failure.
 */
export async function writeFileSafely(
  files: FileAccess,
  absolutePath: string,
  content: string,
): Promise<void> {
  await files.check(absolutePath, "write");
  const shown = files.show(absolutePath);
  const name = basename(absolutePath);
  const directory = await files.openDirectory(dirname(absolutePath), "write");
  try {
    files.assertNotProtected(join(directory.realPath, name), "write", shown);
    const existing = await lstat(directory.entry(name)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return undefined;
      throw error;
    });
    if (existing !== undefined) await assertReplaceable(existing, directory, name, shown);
    await replaceEntry(directory, name, content, existing?.mode);
  } finally {
    await directory.handle.close();
  }
}

/**
 * Creates `absolutePath` and its missing parents one directory at a time, each made inside its verified
 * parent and verified in turn, so a symlink planted on the way is never followed.
 */
export async function makeDirectorySafely(files: FileAccess, absolutePath: string): Promise<void> {
  await files.check(absolutePath, "write");
  const missing: string[] = [];
  let current = absolutePath;
  let directory: OpenDirectory | undefined;
  while (directory === undefined) {
    try {
      directory = await files.openDirectory(current, "write");
    } catch (error) {
      const parent = dirname(current);
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" || parent === current) throw error;
      missing.unshift(basename(current));
      current = parent;
    }
  }
  try {
    for (const name of missing) {
      files.assertNotProtected(join(directory.realPath, name), "write", files.show(join(current, name)));
      await mkdir(directory.entry(name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "EEXIST") throw error;
      });
      const child = await files.openDirectoryEntry(directory, name, "write");
      await directory.handle.close();
      directory = child;
      current = join(current, name);
    }
  } finally {
    await directory.handle.close();
  }
}

async function assertReplaceable(existing: Stats, directory: OpenDirectory, name: string, shown: string) {
  if (existing.isSymbolicLink()) {
    const resolves = await stat(directory.entry(name)).then(
      () => true,
      () => false,
    );
    throw pathUnsafeError(shown, resolves ? "symlink" : "dangling-symlink");
  }
  if (existing.isDirectory()) throw pathUnsafeError(shown, "directory");
  if (!existing.isFile()) throw pathUnsafeError(shown, "special");
  if (existing.nlink > 1) throw pathUnsafeError(shown, "hard-link");
}

async function replaceEntry(
  directory: OpenDirectory,
  name: string,
  content: string,
  mode: number | undefined,
) {
  const tempName = temporaryName(name);
  const tempPath = directory.entry(tempName);
  const handle = await open(tempPath, CREATE_EXCLUSIVE, NEW_FILE_MODE);
  try {
    try {
      await handle.writeFile(content, "utf8");
      if (mode !== undefined) await handle.chmod(mode & 0o7777);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tempPath, directory.entry(name));
  } catch (error) {
    await unlink(tempPath).catch(() => {});
    throw error;
  }
  await directory.handle.sync().catch(() => {});
}

function temporaryName(name: string): string {
  const suffix = `.${randomBytes(6).toString("hex")}.tmp`;
  let stem = `.${name}`;
  while (Buffer.byteLength(stem + suffix) > FILE_NAME_MAX_BYTES) stem = stem.slice(0, -1);
  return stem + suffix;
}
