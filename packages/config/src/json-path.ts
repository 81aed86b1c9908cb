/** A path into a JSON document: object keys and array indices. */
export type JsonPathSegment = string | number;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$-]*$/;

/** `["tools", "mcpServers", "my.server", "args", 0]` becomes `tools.mcpServers["my.server"].args[0]`; the root is `$`. */
export function formatJsonPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "$";
  let text = "";
  for (const segment of path) {
    if (typeof segment === "number") text += `[${segment}]`;
    else if (typeof segment === "string" && IDENTIFIER.test(segment))
      text += text === "" ? segment : `.${segment}`;
    else text += `[${JSON.stringify(String(segment))}]`;
  }
  return text;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The value at `path` in `root` (own properties only), and whether it exists. */
export function valueAtPath(root: unknown, path: readonly PropertyKey[]): { found: boolean; value: unknown } {
  let current: unknown = root;
  for (const segment of path) {
    if (typeof segment === "symbol") return { found: false, value: undefined };
    if (Array.isArray(current) && typeof segment === "number" && segment < current.length) {
      current = current[segment];
    } else if (isPlainObject(current) && Object.hasOwn(current, segment)) {
      current = current[String(segment)];
    } else {
      return { found: false, value: undefined };
    }
  }
  return { found: true, value: current };
}

/** A short description of a JSON value for messages: `the number 5`, `an array`, `null`. */
export function describeJsonValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string")
    return value.length > 40 ? "a string" : `the string ${JSON.stringify(value)}`;
  if (typeof value === "number" || typeof value === "boolean") return `the ${typeof value} ${String(value)}`;
  if (typeof value === "object") return "an object";
  return typeof value;
}

/** Appends segments to an already formatted path: `appendJsonPath("tools.mcpServers.gh", ["env", "TOKEN"])`. */
export function appendJsonPath(base: string, segments: readonly PropertyKey[]): string {
  if (base === "$") return formatJsonPath(segments);
  return base + formatJsonPath(["_", ...segments]).slice(1);
}
