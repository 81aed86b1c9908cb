import { OMISSION_MARKERS } from "./omission-markers.js";
import { isSensitivePathComponent } from "./sensitive-path-component.js";

/** Most trailing components kept after the host-root token: seed page (SessionHistory, RunHistory). */
export const HOST_PATH_MAX_TRAILING_COMPONENTS = 2;

const PATH_CHAR = String.raw`[^\s"'\x60<>|,;=:(){}\[\]*?]`;
const FIRST_POSIX_CHAR = String.raw`[^\s"'\x60<>|,;=:(){}\[\]*?/\\]`;
/** A path starts at the beginning or after whitespace, a quote, an opening bracket, `=`, `:`, `,`, `;`, `>` or `|`. */
const START = String.raw`(?<=^|[\s"'\x60(\[{=:,;>|])`;
/** A URL starts where a path may start, or after `<` (autolinks). */
const URL_START = String.raw`(?<=^|[\s"'\x60(\[{=:,;<>|])`;

const PATH_PATTERN = new RegExp(
  [
    `${URL_START}(?<file>file:\\/\\/${PATH_CHAR}*)`,
    `${URL_START}(?<url>[a-z][a-z0-9+.-]*:\\/\\/[^\\s"'\\x60<>]*)`,
    `${START}(?<tilde>~[A-Za-z0-9._-]*/${PATH_CHAR}*)`,
    `${START}(?<drive>[A-Za-z]:[\\\\/]${PATH_CHAR}*)`,
    `${START}(?<unc>\\\\\\\\${PATH_CHAR}+)`,
    `${START}(?<posix>/${FIRST_POSIX_CHAR}${PATH_CHAR}*)`,
  ].join("|"),
  "gi",
);

const TRAILING_PUNCTUATION = /[.!]+$/;

/**
 * Replaces each filesystem path in `text` — absolute POSIX paths, `~/…` and `~user/…`, Windows
 * drive and UNC paths, `file://` URLs — with `[host-path]` plus at most two trailing components
 * that pass the sensitivity rule (see `isSensitivePathComponent`); sensitive ones are dropped.
 * Other URLs (http, https, ssh …), relative paths, `:line:col` suffixes and surrounding
 * punctuation are left as they are. A path ends at whitespace or at one of `"'\`<>|,;=:(){}[]*?`;
 * a trailing `.` or `!` is treated as punctuation. Idempotent: `opaquePaths(opaquePaths(t))`
 * equals `opaquePaths(t)`.
 */
export function opaquePaths(text: string): string {
  if (!/[/\\]/.test(text)) return text;
  PATH_PATTERN.lastIndex = 0;
  return text.replace(PATH_PATTERN, (match, ...rest) => {
    const groups = rest[rest.length - 1] as Record<string, string | undefined>;
    if (groups.url !== undefined) return match;
    const punctuation = TRAILING_PUNCTUATION.exec(match)?.[0] ?? "";
    const path = match.slice(0, match.length - punctuation.length);
    return opaquePath(path, groups) + punctuation;
  });
}

function opaquePath(path: string, groups: Record<string, string | undefined>): string {
  let body = path;
  let hasHost = false;
  if (groups.file !== undefined) {
    body = path.slice("file://".length);
    hasHost = !body.startsWith("/");
  } else if (groups.tilde !== undefined) body = path.slice(path.indexOf("/"));
  else if (groups.drive !== undefined) body = path.slice(2);
  else if (groups.unc !== undefined) hasHost = true;
  const components = body.split(/[\\/]+/).filter((part) => part !== "" && part !== "." && part !== "..");
  const kept: string[] = [];
  const firstTrailing = Math.max(components.length - HOST_PATH_MAX_TRAILING_COMPONENTS, 0);
  for (let index = firstTrailing; index < components.length; index++) {
    const component = components[index]!;
    if (!isSensitivePathComponent(component, components[index - 1], hasHost && index === 0))
      kept.push(component);
  }
  return OMISSION_MARKERS.hostPath + kept.map((component) => `/${component}`).join("");
}
