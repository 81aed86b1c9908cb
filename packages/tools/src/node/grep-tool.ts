import type { AgentTool } from "@earendil-works/pi-agent-core";
import { bool, num, obj, opt, str } from "@earendil-works/pi-schema";
import type { FileAccess } from "./file-access.js";
import { openPatternSearch } from "./pattern-search.js";
import { type WalkedFile, walkWorkspace } from "./workspace-walk.js";

/** Matching lines Grep returns when the model gives no limit. */
export const GREP_DEFAULT_LIMIT = 100;

/** Hard cap on matching lines per Grep call (at the line cap below, at most ~300 KiB of text). */
export const GREP_MAX_LIMIT = 1_000;

/** Characters of a matching line shown; longer lines (minified files) are cut. */
export const GREP_MAX_LINE_CHARACTERS = 300;

/** Files larger than this are skipped: they are generated or data, not source to search (1 MiB). */
export const GREP_MAX_FILE_BYTES = 1024 * 1024;

/** Bytes inspected for a NUL byte to recognise a binary file (git uses the same 8000-byte rule). */
const BINARY_SNIFF_BYTES = 8_000;

const grepParameters = obj({
  pattern: str({ description: "Regular expression (JavaScript syntax) to search for" }),
  path: opt(str({ description: "File or directory to search, relative to the workspace (default: .)" })),
  glob: opt(str({ description: 'Only search files matching this glob, e.g. "*.ts"' })),
  ignoreCase: opt(bool({ description: "Case-insensitive search" })),
  literal: opt(bool({ description: "Treat pattern as a literal string" })),
  limit: opt(
    num({
      description: `Most matching lines to return (default ${GREP_DEFAULT_LIMIT}, max ${GREP_MAX_LIMIT})`,
    }),
  ),
});

/** The Grep built-in tool: search file contents inside the workspace in plain TypeScript (no ripgrep needed). */
export function createGrepTool(fileAccess: FileAccess): AgentTool<typeof grepParameters> {
  return {
    name: "Grep",
    label: "Grep",
    description:
      "Search file contents in the workspace with a regular expression. Returns path:line: text for each " +
      `matching line, at most ${GREP_MAX_LIMIT}. node_modules, .git, binary files and files over 1 MiB are skipped.`,
    parameters: grepParameters,
    async execute(_toolCallId, params, signal) {
      const target = await fileAccess.resolve(params.path ?? ".", "read");
      const limit = Math.max(1, Math.min(Math.floor(params.limit ?? GREP_DEFAULT_LIMIT), GREP_MAX_LIMIT));
      const nameFilter =
        params.glob === undefined ? undefined : (await import("./glob-pattern.js")).globToRegExp(params.glob);
      const search = await openPatternSearch({
        pattern: params.pattern,
        literal: params.literal === true,
        ignoreCase: params.ignoreCase === true,
        ...(signal ? { signal } : {}),
      });
      const walk = await walkWorkspace(fileAccess, target, signal).catch(async (error) => {
        await search.close();
        throw error;
      });
      const files = walk.files.length > 0 || walk.truncated ? walk.files : [singleFile(target)];
      const lines: string[] = [];
      let moreMatches = false;
      try {
        for (const file of files) {
          if (nameFilter !== undefined && !nameFilter.test(file.relativePath)) continue;
          const text = await readSearchableText(fileAccess, file);
          if (text === undefined) continue;
          const fileLines = text.split("\n");
          for (const index of await search.matchingLines(fileLines, limit + 1 - lines.length)) {
            const line = fileLines[index]!;
            if (lines.length >= limit) {
              moreMatches = true;
              break;
            }
            const shown =
              line.length > GREP_MAX_LINE_CHARACTERS ? `${line.slice(0, GREP_MAX_LINE_CHARACTERS)}…` : line;
            lines.push(`${file.relativePath}:${index + 1}: ${shown}`);
          }
          if (moreMatches) break;
          signal?.throwIfAborted();
        }
      } finally {
        await search.close();
      }
      const notes: string[] = [];
      if (moreMatches) notes.push(`[stopped at ${limit} matching lines; narrow the pattern, path or glob]`);
      if (walk.truncated)
        notes.push("[the directory tree was too large to search completely; search a subdirectory]");
      const body = lines.length === 0 ? `No matches for ${params.pattern}` : lines.join("\n");
      return {
        content: [{ type: "text", text: [body, ...notes].join("\n") }],
        details: { matchCount: lines.length, truncated: moreMatches || walk.truncated },
      };
    },
  };
}

function singleFile(absolutePath: string): WalkedFile {
  const name = absolutePath.split(/[\\/]/).pop() ?? absolutePath;
  return { absolutePath, relativePath: name, isSymlink: false };
}

/** The text of a walked file, or undefined when it is refused, not a regular file, too large or binary. */
async function readSearchableText(fileAccess: FileAccess, file: WalkedFile): Promise<string | undefined> {
  try {
    const handle = await fileAccess.openFile(file.absolutePath, "read");
    try {
      const stats = await handle.stat();
      if (!stats.isFile() || stats.size > GREP_MAX_FILE_BYTES) return undefined;
      const buffer = await handle.readFile();
      if (buffer.subarray(0, BINARY_SNIFF_BYTES).includes(0)) return undefined;
      return buffer.toString("utf8");
    } finally {
      await handle.close();
    }
  } catch {
    return undefined;
  }
}
