import { RE2JS, RE2JSException } from "re2js";
import { ToolError } from "../tool-error.js";

/** Longest glob accepted, in characters (a glob a model writes is a few dozen). */
export const GLOB_MAX_CHARACTERS = 500;

/** A compiled glob: whether a relative path matches it. */
export interface GlobMatcher {
  test(path: string): boolean;
}

/**
 * Compile a glob to a matcher over `/`-separated relative paths: `**` spans directories, `*` and
 * `?` stay within one path segment, `{a,b}` alternates, `[abc]` is a character class. A pattern
 * without `/` matches the file name at any depth (as in ripgrep's and fd's globs). The expression runs
 * on RE2's linear-time engine: a glob of many stars (`*a*a*a…b`) took V8's backtracking engine hours
 * on a 40-character name.
 *
 * @throws ToolError `invalid_tool_arguments` for a glob that is too long or invalid.
 */
export function globToRegExp(pattern: string): GlobMatcher {
  if (pattern.length > GLOB_MAX_CHARACTERS) {
    throw new ToolError(
      "invalid_tool_arguments",
      `Glob is ${pattern.length} characters long; at most ${GLOB_MAX_CHARACTERS} are accepted.`,
    );
  }
  const anchored = pattern.includes("/") ? pattern.replace(/^\.\//, "") : `**/${pattern}`;
  let source = "";
  let braceDepth = 0;
  for (let index = 0; index < anchored.length; index++) {
    const character = anchored[index]!;
    if (character === "*") {
      if (anchored[index + 1] === "*") {
        const followedBySlash = anchored[index + 2] === "/";
        source += followedBySlash ? "(?:.*/)?" : ".*";
        index += followedBySlash ? 2 : 1;
      } else {
        source += "[^/]*";
      }
    } else if (character === "?") {
      source += "[^/]";
    } else if (character === "{") {
      braceDepth++;
      source += "(?:";
    } else if (character === "}" && braceDepth > 0) {
      braceDepth--;
      source += ")";
    } else if (character === "," && braceDepth > 0) {
      source += "|";
    } else if (character === "[") {
      const end = anchored.indexOf("]", index + 1);
      if (end === -1) {
        source += "\\[";
      } else {
        const body = anchored.slice(index + 1, end).replace(/\\/g, "\\\\");
        source += `[${body.startsWith("!") ? `^${body.slice(1)}` : body}]`;
        index = end;
      }
    } else {
      source += character.replace(/[.+^$()|\\\]]/g, "\\$&");
    }
  }
  try {
    const compiled = RE2JS.compile(`^${source}$`, RE2JS.DOTALL);
    return { test: (path) => compiled.test(path) };
  } catch (error) {
    if (!(error instanceof RE2JSException)) throw error;
    throw new ToolError(
      "invalid_tool_arguments",
      `Glob ${JSON.stringify(pattern)} is not valid (${error.message}); accepted: *, **, ?, {a,b} and [abc].`,
    );
  }
}
