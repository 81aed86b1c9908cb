import type { CliIo } from "../cli-io.js";
import { EXIT_OK, usageError } from "../exit-error.js";

const USAGE =
  "mono-agent mcp login <server> [--paste] [--port N] | mcp logout <server> | mcp list [--json]  [--config FILE] [--env-file FILE]";

const HELP = `usage: ${USAGE}

  mcp login <server>   log in to a remote MCP server that uses OAuth: opens its login page in a browser
                       (BROWSER names the command) and waits for it on a loopback callback; the tokens
                       are kept in .mono-agent/mcp-auth.json (0600), which no built-in tool can read
    --paste            for a machine without a browser: print the login address, then paste back the
                       address the browser ended on
    --port N           the loopback callback port (default: the one of the last login, else a free one)
  mcp logout <server>  forget the tokens and client registration kept for the server
  mcp list             connect every declared server as a run would: status, login state, tools, prompts
    --json             print exactly one JSON object
  --config FILE        the agent's config (default ./mono-agent.config.json)
  --env-file FILE      fill unset variables from a dotenv file (default: .env in the agent folder)
`;

/** `mono-agent mcp ...`: the MCP servers of the agent folder. */
export async function mcpCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const [action, ...rest] = argv;
  if (action === undefined || action === "--help" || action === "-h") {
    io.stdout.write(HELP);
    return action === undefined ? 2 : EXIT_OK;
  }
  if (action === "login" || action === "logout")
    return (await import("./mcp-auth-commands.js")).mcpAuthCommand(action, rest, io, USAGE);
  if (action === "list") return (await import("./mcp-list-command.js")).mcpListCommand(rest, io, USAGE);
  throw usageError(`unknown action "${action}"; use login, logout or list`, USAGE);
}
