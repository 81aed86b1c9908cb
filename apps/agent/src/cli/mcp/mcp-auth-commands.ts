import type { DeclaredMcpServer } from "@mono-agent/config";
import { unknownMcpServerProblem } from "@mono-agent/config/closest-key";
import { resolveRunServerSpecs } from "@mono-agent/mcp-bridge";
import {
  createFileMcpAuthStore,
  loginMcpServer,
  mcpLoginLine,
  mcpLoginRefusal,
  mcpLogoutLine,
} from "@mono-agent/mcp-bridge/node";
import { mcpAuthStoreFile, mcpLoginHint } from "../../app/mcp/mcp-auth-store-file.js";
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
  const unknown = unknownMcpServerProblem(serverName, Object.keys(loaded.mcpServers));
  if (unknown !== undefined) throw usageError(unknown, usage);
  const declared = loaded.mcpServers[serverName] as DeclaredMcpServer;
  const store = createFileMcpAuthStore(mcpAuthStoreFile(loaded));
  if (action === "logout") {
    io.stdout.write(`${mcpLogoutLine(serverName, store.remove(serverName))}\n`);
    return EXIT_OK;
  }
  const refusal = mcpLoginRefusal(declared);
  if (refusal !== undefined) throw new ExitError(refusal, EXIT_FAILURE);
  const resolved = resolveRunServerSpecs({ ...loaded, mcpServers: { [serverName]: declared } }, env);
  const runSpec = resolved.servers[0];
  if (runSpec === undefined)
    throw new ExitError(
      resolved.skipped[0]?.message ?? `"${serverName}" could not be prepared`,
      EXIT_FAILURE,
    );
  const outcome = await loginMcpServer({
    spec: runSpec,
    store,
    ...(port !== undefined ? { port } : {}),
    browser: {
      env,
      write: (text: string) => io.stderr.write(text),
      ...(values.paste === true ? { paste: io.stdin } : {}),
    },
    connect: {
      runId: "mcp-login",
      toolOutputDir: `${loaded.artifactsDir}/tool-output`,
      callTimeoutMs: loaded.config.tools.mcpCallTimeoutMs,
      callMaxTotalTimeoutMs: loaded.config.tools.mcpCallMaxTotalTimeoutMs,
    },
    loginHint: mcpLoginHint,
  });
  if (outcome.status === "failed") {
    io.stderr.write(`mono-agent mcp login: ${outcome.error}\n`);
    return EXIT_FAILURE;
  }
  io.stdout.write(`${mcpLoginLine(outcome)}\n`);
  return EXIT_OK;
}
