/**
 * Compile a glob to a RegExp over `/`-separated relative paths: `**` spans directories, `*` and
 * `?` stay within one path segment, `{a,b}` alternates, `[abc]` is a character class. A pattern
 * without `/` matches the file name at any depth (as in ripgrep's and fd's globs).
 */
export function globToRegExp(pattern: string): RegExp {
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
  return new RegExp(`^${source}$`);
}
