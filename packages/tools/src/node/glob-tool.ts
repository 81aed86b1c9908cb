import type { AgentTool } from "@earendil-works/pi-agent-core";
import { num, obj, opt, str } from "@earendil-works/pi-schema";
import type { FileAccess } from "./file-access.js";
import { walkWorkspace } from "./workspace-walk.js";

/** Paths Glob returns when the model gives no limit (a screenful the model can still read whole). */
export const GLOB_DEFAULT_LIMIT = 200;

/** Hard cap on paths per Glob call, whatever limit the model asks for (keeps the result under ~50 KiB). */
export const GLOB_MAX_LIMIT = 1_000;

const globParameters = obj({
  pattern: str({
    description: 'Glob such as "**/*.ts" or "src/*.md". Without a "/" it matches file names at any depth.',
  }),
  path: opt(str({ description: "Directory to search, relative to the workspace (default: .)" })),
  limit: opt(
    num({
      description: `Most paths to return (default ${GLOB_DEFAULT_LIMIT}, max ${GLOB_MAX_LIMIT})`,
    }),
  ),
});

/** The Glob built-in tool: find files by name pattern inside the workspace, skipping node_modules and .git. */
export function createGlobTool(fileAccess: FileAccess): AgentTool<typeof globParameters> {
  return {
    name: "Glob",
    label: "Glob",
    description:
      "Find files in the workspace by glob pattern. Returns matching paths relative to the searched directory, " +
      `sorted, at most ${GLOB_MAX_LIMIT}. node_modules and .git are skipped.`,
    parameters: globParameters,
    async execute(_toolCallId, params, signal) {
      const root = await fileAccess.resolve(params.path ?? ".", "read");
      const limit = Math.max(1, Math.min(Math.floor(params.limit ?? GLOB_DEFAULT_LIMIT), GLOB_MAX_LIMIT));
      // The RE2 engine (~270 KB) loads with the first glob, not with every run.
      const { globToRegExp } = await import("./glob-pattern.js");
      const matcher = globToRegExp(params.pattern);
      const walk = await walkWorkspace(fileAccess, root, signal);
      const matches = walk.files.map((file) => file.relativePath).filter((path) => matcher.test(path));
      matches.sort();
      const shown = matches.slice(0, limit);
      const notes: string[] = [];
      if (matches.length > limit)
        notes.push(`[${matches.length - limit} more matches not shown; narrow the pattern]`);
      if (walk.truncated)
        notes.push("[the directory tree was too large to search completely; search a subdirectory]");
      const text = shown.length === 0 ? `No files match ${params.pattern}` : shown.join("\n");
      return {
        content: [{ type: "text", text: [text, ...notes].join("\n") }],
        details: { matchCount: matches.length, truncated: matches.length > limit || walk.truncated },
      };
    },
  };
}
