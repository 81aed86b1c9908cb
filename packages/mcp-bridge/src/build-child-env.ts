import { DEFAULT_INHERITED_ENV_VARS } from "@modelcontextprotocol/client/stdio";

/** Input of {@link buildChildEnv}. */
export interface BuildChildEnvInput {
  /** The host process env, passed in explicitly (libraries never read `process.env`). */
  hostEnv: Readonly<Record<string, string | undefined>>;
  /** Host variable names copied when set (`tools.mcpEnvPassthrough`). */
  passthrough: readonly string[];
  /** The server's own env (config `env` + trusted overlays), already resolved. Wins over everything. */
  serverEnv: Readonly<Record<string, string>>;
}

/**
 * The env of a stdio MCP child: the MCP SDK's safe defaults (`DEFAULT_INHERITED_ENV_VARS`: HOME, LOGNAME,
 * PATH, SHELL, TERM, USER on POSIX) taken from `hostEnv`, then the `passthrough` names present in
 * `hostEnv`, then `serverEnv`. Nothing else from the host env ever reaches the child. Like the SDK,
 * default values starting with `()` (exported shell functions) are skipped. Pure.
 */
export function buildChildEnv({
  hostEnv,
  passthrough,
  serverEnv,
}: BuildChildEnvInput): Record<string, string> {
  const childEnv: Record<string, string> = {};
  for (const name of DEFAULT_INHERITED_ENV_VARS) {
    const value = hostEnv[name];
    if (value !== undefined && !value.startsWith("()")) childEnv[name] = value;
  }
  for (const name of passthrough) {
    const value = hostEnv[name];
    if (value !== undefined) childEnv[name] = value;
  }
  return Object.assign(childEnv, serverEnv);
}
