import { closestKey, isStdioServerSpec } from "@mono-agent/config";
import { connectMcpServers } from "@mono-agent/mcp-bridge";
import { createFileMcpAuthStore, startBrowserLogin } from "@mono-agent/mcp-bridge/node";
import { mcpAuthStoreFile, mcpLoginHint } from "../../app/mcp/mcp-auth-store-file.js";
import { resolveRunServerSpecs } from "../../app/run/run-server-specs.js";
import type { CliIo } from "../cli-io.js";
import { EXIT_FAILURE, EXIT_OK, ExitError, usageError } from "../exit-error.js";
import { loadAgentConfigAndEnv } from "../load-agent-config.js";
import { parseCommandArgs } from "../parse-command-args.js";

/** `mcp login <server>` and `mcp logout <server>`. */
export async function mcpAuthCommand(
  action: "login" | "logout",
  argv: readonly string[],
  io: CliIo,
  usage: string,
): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    argv,
    {
      paste: { type: "boolean" },
      port: { type: "string" },
      config: { type: "string" },
      "env-file": { type: "string" },
    },
    usage,
  );
  const [serverName, extra] = positionals;
  if (serverName === undefined) throw usageError(`mcp ${action} needs a server name`, usage);
  if (extra !== undefined) throw usageError(`unexpected argument "${extra}"`, usage);
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && !(Number.isInteger(port) && port >= 1 && port <= 65_535))
    throw usageError(`--port must be a port number 1..65535; received "${values.port}"`, usage);
  const { loaded, env } = await loadAgentConfigAndEnv(io, {
    ...(values.config ? { config: values.config } : {}),
    ...(values["env-file"] ? { envFile: values["env-file"] } : {}),
  });
  const declared = loaded.mcpServers[serverName];
  if (declared === undefined) {
    const known = Object.keys(loaded.mcpServers);
    const suggestion = closestKey(serverName, known);
    throw usageError(
      `no MCP server named "${serverName}"${suggestion ? ` (did you mean "${suggestion}"?)` : ""}; declared: ${known.join(", ") || "none"}`,
      usage,
    );
  }
  const store = createFileMcpAuthStore(mcpAuthStoreFile(loaded));
  if (action === "logout") {
    const removed = store.remove(serverName);
    io.stdout.write(
      removed > 0
        ? `Logged out of "${serverName}": its tokens and client registration are forgotten.\n`
        : `Nothing to forget: there is no login kept for "${serverName}".\n`,
    );
    return EXIT_OK;
  }
  const spec = declared.spec;
  if (isStdioServerSpec(spec))
    throw new ExitError(
      `"${serverName}" is a stdio server; only remote (HTTP/SSE) servers log in`,
      EXIT_FAILURE,
    );
  if (spec.oauth === false)
    throw new ExitError(`"${serverName}" has "oauth": false; remove it to log in with OAuth`, EXIT_FAILURE);
  if (spec.oauth?.grant === "client_credentials")
    throw new ExitError(
      `"${serverName}" uses client credentials: it authorizes itself at every run, no login needed`,
      EXIT_FAILURE,
    );
  const resolved = resolveRunServerSpecs({ ...loaded, mcpServers: { [serverName]: declared } }, env);
  const runSpec = resolved.servers[0];
  if (runSpec === undefined)
    throw new ExitError(
      resolved.skipped[0]?.message ?? `"${serverName}" could not be prepared`,
      EXIT_FAILURE,
    );
  const previousPort = store.list().find((record) => record.serverName === serverName)?.redirectUri;
  const login = await startLogin(port ?? portOf(previousPort), env, io, values.paste === true);
  try {
    const mcp = await connectMcpServers({
      servers: [{ ...runSpec, options: { ...runSpec.options } }],
      runId: "mcp-login",
      toolOutputDir: `${loaded.artifactsDir}/tool-output`,
      callTimeoutMs: loaded.config.tools.mcpCallTimeoutMs,
      callMaxTotalTimeoutMs: loaded.config.tools.mcpCallMaxTotalTimeoutMs,
      auth: { store, loginHint: mcpLoginHint, login },
    });
    await mcp.close();
    const server = mcp.servers[0];
    if (server?.status !== "connected") {
      io.stderr.write(`mono-agent mcp login: ${server?.error ?? "the server did not connect"}\n`);
      return EXIT_FAILURE;
    }
    const record = store.list().find((entry) => entry.serverName === serverName);
    const scope = record?.tokens?.scope;
    io.stdout.write(
      `Logged in to "${serverName}"${scope ? ` (scopes: ${scope})` : ""}; it offers ${server.toolNames.length} tool${server.toolNames.length === 1 ? "" : "s"}.\n`,
    );
    return EXIT_OK;
  } finally {
    await login.close();
  }
}

async function startLogin(
  port: number | undefined,
  env: Readonly<Record<string, string | undefined>>,
  io: CliIo,
  paste: boolean,
) {
  const options = {
    env,
    write: (text: string) => io.stderr.write(text),
    ...(paste ? { paste: io.stdin } : {}),
  };
  try {
    return await startBrowserLogin({ ...options, port: port ?? 0 });
  } catch (error) {
    if (port === undefined) throw error;
    // The last login's port is taken: any free one will do for an authorization server that follows RFC 8252.
    return startBrowserLogin({ ...options, port: 0 });
  }
}

function portOf(redirectUri: string | undefined): number | undefined {
  if (redirectUri === undefined) return undefined;
  const port = Number(new URL(redirectUri).port);
  return Number.isInteger(port) && port > 0 ? port : undefined;
}
