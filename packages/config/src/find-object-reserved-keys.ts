import { formatJsonPath } from "./json-path.js";
import type { ConfigIssue, MonoAgentConfigErrorCode } from "./mono-agent-config-error.js";
import { MCP_SERVER_NAME_RULE } from "./schema/mcp-server-name.js";

/**
 * Keys a JavaScript object treats specially. The schema validator drops `__proto__` without a word
 * (a server named so disappeared), and `constructor` / `prototype` collide with what every object
 * already has, so none of them is a usable key.
 */
const RESERVED_OBJECT_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

/**
 * Issues for reserved keys in a raw config or mcp.json: a server named `__proto__`, `constructor` or
 * `prototype` is `invalid_server_name`; `__proto__` anywhere else is `invalidCode` (it would vanish).
 * `serverPaths` are the JSON paths of the objects keyed by server name.
 */
export function findObjectReservedKeys(
  raw: unknown,
  file: string,
  serverPaths: ReadonlyArray<readonly string[]>,
  invalidCode: MonoAgentConfigErrorCode,
): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const isServerMap = (path: readonly PropertyKey[]) =>
    serverPaths.some(
      (serverPath) => serverPath.length === path.length && serverPath.every((key, i) => key === path[i]),
    );
  const pending: Array<{ value: unknown; path: PropertyKey[] }> = [{ value: raw, path: [] }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    if (value === null || typeof value !== "object") continue;
    const servers = isServerMap(path);
    for (const key of Object.keys(value)) {
      const child = (value as Record<string, unknown>)[key];
      const jsonPath = formatJsonPath([...path, key]);
      if (servers && RESERVED_OBJECT_KEYS.has(key)) {
        issues.push({
          severity: "error",
          code: "invalid_server_name",
          file,
          jsonPath,
          message: `${file} at ${jsonPath}: server name ${JSON.stringify(key)} is a name JavaScript objects reserve; accepted: ${MCP_SERVER_NAME_RULE}, and not __proto__, constructor or prototype.`,
          expected: MCP_SERVER_NAME_RULE,
        });
      } else if (key === "__proto__") {
        issues.push({
          severity: "error",
          code: invalidCode,
          file,
          jsonPath,
          message: `${file} at ${jsonPath}: the key "__proto__" is not accepted (JavaScript objects reserve it); rename or remove it.`,
        });
      } else pending.push({ value: child, path: [...path, key] });
    }
  }
  return issues;
}
