import { unknownMcpServerProblem } from "@mono-agent/config/closest-key";
import type { CliIo } from "../cli-io.js";
import { EXIT_FAILURE, EXIT_OK, usageError } from "../exit-error.js";
import { loadAgentConfigAndEnv } from "../load-agent-config.js";
import { parseCommandArgs } from "../parse-command-args.js";

const USAGE =
  "mono-agent mcp list [--json] | mcp get <name> [--json] | mcp import [FILE] [--from HOST] [--output FILE] [--force] [--json] | mcp login <server> [--paste] [--port N] | mcp logout <server>  [--config FILE] [--env-file FILE]";

const HELP = `usage: ${USAGE}

  mcp list              connect every declared MCP server as a run would, then close them: status
                        (connected or failed, with the reason and the time it took), login state, the
                        tool names the model sees and their annotations, and the server's prompts
  mcp get <name>        the same for one server, with each tool's description and arguments
  mcp login <server>    log in to a remote MCP server that uses OAuth: opens its login page in a browser
                        (BROWSER names the command) and waits for it on a loopback callback; the tokens
                        are kept in .mono-agent/mcp-auth.json (0600), which no built-in tool can read
    --paste             for a machine without a browser: print the login address, then paste back the
                        address the browser ended on
    --port N            the loopback callback port (default: the one of the last login, else a free one)
  mcp logout <server>   forget the tokens and client registration kept for the server
  mcp import [FILE]     write mono-agent's mcp.json from another host's MCP config (see mcp import --help)
  --json                print exactly one JSON object
  --config FILE         the agent's config (default ./mono-agent.config.json)
  --env-file FILE       fill unset variables from a dotenv file (default: .env in the agent folder)

Exit 0 when every enabled server connected, 1 when one failed, 2 on usage errors.
`;

export async function mcpCommand(argv: readonly string[], io: CliIo): Promise<number> {
  if (argv[0] === "import")
    return (await import("./mcp-import-command.js")).mcpImportCommand(argv.slice(1), io);
  if (argv[0] === "login" || argv[0] === "logout")
    return (await import("./mcp-auth-commands.js")).mcpAuthCommand(argv[0], argv.slice(1), io, USAGE);
  const { values, positionals } = parseCommandArgs(
    argv,
    {
      json: { type: "boolean" },
      config: { type: "string" },
      "env-file": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    USAGE,
  );
  if (values.help) {
    io.stdout.write(HELP);
    return EXIT_OK;
  }
  const [action, name, extra] = positionals;
  if (action !== "list" && action !== "get")
    throw usageError(
      action === undefined
        ? "say list, get <name>, import, login <server> or logout <server>"
        : `unknown action "${action}"; use list, get, import, login or logout`,
      USAGE,
    );
  if (action === "list" && name !== undefined) throw usageError(`unexpected argument "${name}"`, USAGE);
  if (action === "get" && name === undefined) throw usageError("mcp get needs a server name", USAGE);
  if (extra !== undefined) throw usageError(`unexpected argument "${extra}"`, USAGE);
  const { loaded, env } = await loadAgentConfigAndEnv(io, {
    ...(values.config ? { config: values.config } : {}),
    ...(values["env-file"] ? { envFile: values["env-file"] } : {}),
  });
  const unknown =
    name === undefined ? undefined : unknownMcpServerProblem(name, Object.keys(loaded.mcpServers));
  if (unknown !== undefined) throw usageError(unknown, USAGE);
  const { probeMcpServers } = await import("./probe-mcp-servers.js");
  const servers = await probeMcpServers(loaded, env, {
    ...(name !== undefined ? { only: name } : {}),
    ...(io.outputClosed ? { signal: io.outputClosed } : {}),
  });
  const ok = servers.every((server) => server.status !== "failed");
  if (values.json) {
    const body = name === undefined ? { ok, servers } : { ok, server: servers[0] };
    io.stdout.write(`${JSON.stringify(body)}\n`);
  } else {
    const { describeProbedServers } = await import("@mono-agent/mcp-bridge/probe");
    io.stdout.write(`${describeProbedServers(servers, { detail: name !== undefined }).join("\n")}\n`);
  }
  return ok ? EXIT_OK : EXIT_FAILURE;
}
