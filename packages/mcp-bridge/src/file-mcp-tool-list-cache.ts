import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { McpToolListCache } from "./mcp-tool-list-cache.js";
import type { RunServerSpec } from "./run-server-spec.js";

/** Largest cached tool list kept per server, in bytes: 4 MiB holds thousands of tools with schemas. */
export const TOOL_LIST_CACHE_MAX_BYTES = 4 * 1024 * 1024;

/**
 * Tool lists as last seen in `folder`, one 0600 file per server spec, named by the SHA-256 of the spec
 * (with its resolved env and header values, so a new credential or command is a new entry, and no value
 * is ever written: only the tools the server listed). Unreadable or damaged entries read as absent; a
 * list that cannot be written, or is larger than {@link TOOL_LIST_CACHE_MAX_BYTES}, is not kept.
 */
export function createFileMcpToolListCache(folder: string): McpToolListCache {
  const fileOf = (spec: RunServerSpec) =>
    join(folder, `${createHash("sha256").update(JSON.stringify(spec)).digest("hex").slice(0, 32)}.json`);
  return {
    read(spec) {
      try {
        const parsed = JSON.parse(readFileSync(fileOf(spec), "utf8")) as { tools?: unknown };
        return Array.isArray(parsed.tools)
          ? (parsed.tools as ReturnType<McpToolListCache["read"]>)
          : undefined;
      } catch {
        return undefined;
      }
    },
    write(spec, tools) {
      const text = JSON.stringify({ serverName: spec.name, savedAt: new Date().toISOString(), tools });
      if (text.length > TOOL_LIST_CACHE_MAX_BYTES) return;
      try {
        mkdirSync(folder, { recursive: true, mode: 0o700 });
        const file = fileOf(spec);
        const temporary = `${file}.${process.pid}.tmp`;
        writeFileSync(temporary, text, { mode: 0o600 });
        renameSync(temporary, file);
      } catch {
        // A cache that cannot be written only costs the next run its head start.
      }
    },
  };
}
