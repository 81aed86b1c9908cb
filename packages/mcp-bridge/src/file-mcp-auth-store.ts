import {
  closeSync,
  constants,
  fstatSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import { dirname, join } from "node:path";
import type { McpAuthRecord, McpAuthStore } from "./mcp-auth-store.js";
import { McpBridgeError } from "./mcp-bridge-error.js";

/** Largest token file read, in bytes: 1 MiB holds thousands of records; a bigger file is not ours. */
export const MCP_AUTH_FILE_MAX_BYTES = 1_048_576;

interface AuthFile {
  version: 1;
  records: McpAuthRecord[];
}

/**
 * The token store of a Node host: one JSON file (mode 0600, in a 0700 folder), read on every access so
 * a login in another process is seen at once, replaced whole on every write (temp file + rename, so a
 * crash leaves the old or the new file). A symlink, a non-regular file or a file readable by others is
 * refused with `auth_store_unsafe` naming the path. Writers in two processes at the same moment can
 * lose one update (the later rename wins); logins are rare and a lost refresh is re-done on the next 401.
 */
export function createFileMcpAuthStore(file: string): McpAuthStore {
  const readAll = (): McpAuthRecord[] => readAuthFile(file).records;
  const writeAll = (records: McpAuthRecord[]) => writeAuthFile(file, { version: 1, records });
  const same = (record: McpAuthRecord, serverName: string, resource: string) =>
    record.serverName === serverName && record.resource === resource;
  return {
    read: (serverName, resource) => readAll().find((record) => same(record, serverName, resource)),
    write: (record) =>
      writeAll([...readAll().filter((other) => !same(other, record.serverName, record.resource)), record]),
    remove: (serverName) => {
      const records = readAll();
      const kept = records.filter((record) => record.serverName !== serverName);
      if (kept.length !== records.length) writeAll(kept);
      return records.length - kept.length;
    },
    list: readAll,
  };
}

function unsafe(file: string, why: string): McpBridgeError {
  return new McpBridgeError(
    "auth_store_unsafe",
    `The MCP token file ${file} ${why}; move it aside (mono-agent mcp login writes a new one).`,
  );
}

function readAuthFile(file: string): AuthFile {
  let descriptor: number;
  try {
    descriptor = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { version: 1, records: [] };
    if (code === "ELOOP") throw unsafe(file, "is a symbolic link");
    throw unsafe(file, `cannot be read (${code})`);
  }
  try {
    const stat = fstatSync(descriptor);
    if (!stat.isFile()) throw unsafe(file, "is not a regular file");
    if ((stat.mode & 0o077) !== 0)
      throw unsafe(file, `is readable by others (mode ${(stat.mode & 0o777).toString(8)})`);
    if (stat.size > MCP_AUTH_FILE_MAX_BYTES)
      throw unsafe(file, `is larger than ${MCP_AUTH_FILE_MAX_BYTES} bytes`);
    const buffer = Buffer.alloc(stat.size);
    let offset = 0;
    while (offset < buffer.length) {
      const read = readSync(descriptor, buffer, offset, buffer.length - offset, offset);
      if (read === 0) break;
      offset += read;
    }
    const parsed = JSON.parse(buffer.subarray(0, offset).toString("utf8")) as Partial<AuthFile>;
    if (parsed.version !== 1 || !Array.isArray(parsed.records))
      throw unsafe(file, "is not a token file of this version");
    return { version: 1, records: parsed.records };
  } catch (error) {
    if (McpBridgeError.isInstance(error)) throw error;
    throw unsafe(file, "is not valid JSON");
  } finally {
    closeSync(descriptor);
  }
}

function writeAuthFile(file: string, content: AuthFile): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const temporary = join(dirname(file), `.${process.pid}-${Date.now()}-mcp-auth.tmp`);
  const descriptor = openSync(
    temporary,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
    0o600,
  );
  try {
    writeSync(descriptor, `${JSON.stringify(content, null, 2)}\n`);
  } finally {
    closeSync(descriptor);
  }
  try {
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
