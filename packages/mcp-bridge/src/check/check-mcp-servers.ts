import { basename } from "node:path";
import {
  type CheckLine,
  type ConfigValue,
  type DeclaredMcpServer,
  type EnvRecord,
  findHostVariableSyntax,
  isEnvReference,
  isStdioServerSpec,
} from "@mono-agent/config";

const SERVER_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,47}$/;
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/** How a declared server may take part in continuations: stdio, loopback streamable HTTP, or not at all. */
export function continuationTransport(server: DeclaredMcpServer): "stdio" | "loopback-http" | "unsupported" {
  if (isStdioServerSpec(server.spec)) return "stdio";
  if (server.spec.type === "sse") return "unsupported";
  try {
    const url = new URL(server.spec.url);
    const httpScheme = url.protocol === "http:" || url.protocol === "https:";
    return httpScheme && LOOPBACK_HOSTS.has(url.hostname) ? "loopback-http" : "unsupported";
  } catch {
    return "unsupported";
  }
}

function transportLabel(server: DeclaredMcpServer): string {
  if (isStdioServerSpec(server.spec)) return "stdio";
  return server.spec.type ?? "streamable HTTP, SSE fallback";
}

/**
 * A warning for each `{ "$env": "NAME" }` of an enabled server whose variable the host env lacks: each run
 * skips that server with the same message until the variable is set.
 */
function unsetEnvReferenceLines(server: DeclaredMcpServer, env: EnvRecord): CheckLine[] {
  const fields: Record<string, Record<string, ConfigValue>> = isStdioServerSpec(server.spec)
    ? { env: server.spec.env ?? {} }
    : { headers: server.spec.headers ?? {} };
  const lines: CheckLine[] = [];
  for (const [field, values] of Object.entries(fields))
    for (const [name, value] of Object.entries(values)) {
      if (!isEnvReference(value) || env[value.$env] !== undefined || value.default !== undefined) continue;
      lines.push({
        status: "warning",
        code: "env_reference_missing",
        file: server.origin.file,
        jsonPath: server.origin.jsonPath,
        message: `MCP server ${server.name}: ${field} entry "${name}" reads the environment variable ${value.$env}, which is not set; every run skips this server until it is`,
        suggestion: `export ${value.$env} or add it to the .env file`,
      });
    }
  return lines;
}

/**
 * A warning for each value that holds another host's `${…}` syntax: mono-agent passes it literally,
 * so the server gets the text `${TOKEN}` (or a folder named `${workspaceFolder}`), never the value.
 */
function hostVariableLines(server: DeclaredMcpServer): CheckLine[] {
  return findHostVariableSyntax(server.spec, server.origin.jsonPath).map(({ jsonPath, placeholder }) => ({
    status: "warning",
    code: "host_variable_syntax",
    file: server.origin.file,
    jsonPath,
    message: `MCP server ${server.name}: ${jsonPath} holds ${placeholder}, another host's variable syntax; mono-agent does not expand it, so the server receives the text ${placeholder} as written`,
    suggestion: `in env or headers write { "$env": "NAME" } (with "prefix"/"suffix" for text around it, "default" for a fallback); elsewhere write the value itself; or convert the whole file with \`mono-agent mcp import ${basename(server.origin.file)}\``,
  }));
}

/** One line per declared server, with its transport and where it was declared, and its unset `$env` variables. */
export function checkMcpServers(
  servers: Record<string, DeclaredMcpServer>,
  env: EnvRecord = {},
): CheckLine[] {
  return Object.values(servers).flatMap((server): CheckLine[] => {
    const disabled = server.spec.enabled === false;
    return [
      {
        status: disabled ? "disabled" : "ok",
        message: `MCP server ${server.name}: ${transportLabel(server)}, declared in ${server.declaredIn === "mcp.json" ? basename(server.origin.file) : server.declaredIn}${disabled ? " (enabled: false)" : ""}`,
      },
      ...(disabled ? [] : unsetEnvReferenceLines(server, env)),
      ...(disabled ? [] : hostVariableLines(server)),
    ];
  });
}

/** The error for a server name of `where` (`role` names it in the message) that is invalid or not declared. */
function namedServerProblem(
  role: string,
  where: string,
  name: string,
  servers: Record<string, DeclaredMcpServer>,
): CheckLine | undefined {
  if (!SERVER_NAME.test(name))
    return {
      status: "error",
      code: "invalid_server_name",
      jsonPath: where,
      message: `${role} server "${name}" is not a valid server name`,
      suggestion: "use letters, digits, underscores and hyphens only",
    };
  if (!servers[name])
    return {
      status: "error",
      code: "unknown_server",
      jsonPath: where,
      message: `${role} server "${name}" is not declared`,
      suggestion: "declare it in tools.mcpConfigPath (mcp.json) or tools.mcpServers",
    };
  return undefined;
}

/** tools.mcpRequestContextServers: each name must be valid, declared, and a stdio server. */
export function checkRequestContextServers(
  names: readonly string[],
  servers: Record<string, DeclaredMcpServer>,
): CheckLine[] {
  return names.map((name): CheckLine => {
    const where = "tools.mcpRequestContextServers";
    const problem = namedServerProblem("request-context", where, name, servers);
    if (problem) return problem;
    const server = servers[name] as DeclaredMcpServer;
    if (!isStdioServerSpec(server.spec)) {
      return {
        status: "error",
        code: "not_stdio",
        jsonPath: where,
        message: `request-context server "${name}" is an HTTP/SSE server; trusted request context is given to stdio servers only`,
        suggestion: `remove "${name}" from ${where}, or run it as a stdio server`,
      };
    }
    return {
      status: "ok",
      message: `stdio server ${name} receives trusted request context on every run: MONO_AGENT_MCP_PRODUCING_CONVERSATION_ID, _PRODUCING_RUN_ID, _RUN_OUTPUT_DIR (artifacts/outbound/<run-id>, removed after the run), _ATTACHMENTS_ROOT, _ALLOWED_ATTACHMENT_PATHS/_IDENTITIES and a run-scoped MONO_AGENT_INTERACTION_PROGRESS_URL/_TOKEN (empty when interaction.progress.enabled is false); configured values of these keys are overwritten`,
    };
  });
}

/** tools.continuationServers: each name must be valid, declared, and stdio or loopback streamable HTTP. */
export function checkContinuationServers(
  names: readonly string[],
  servers: Record<string, DeclaredMcpServer>,
): CheckLine[] {
  return names.map((name): CheckLine => {
    const where = "tools.continuationServers";
    const problem = namedServerProblem("continuation", where, name, servers);
    if (problem) return problem;
    const server = servers[name] as DeclaredMcpServer;
    const transport = continuationTransport(server);
    if (transport === "unsupported") {
      return {
        status: "error",
        code: "unsupported_continuation_server",
        jsonPath: where,
        message: `continuation server "${name}" is SSE or remote HTTP; only stdio and loopback HTTP (localhost, 127.0.0.1, ::1) servers can claim continuations`,
        suggestion: `remove "${name}" from ${where}`,
      };
    }
    return {
      status: "ok",
      jsonPath: where,
      message: `${transport} server ${name} may claim durable continuations: every run overwrites its ${transport === "stdio" ? "MONO_AGENT_CONTINUATION_CLAIM_URL/_TOKEN/_FINGERPRINT/_MODE env keys" : "x-mono-agent-continuation-claim-url/-token/-fingerprint/-mode headers (configured ones are dropped)"} with a short-lived claim capability of the continuation service, valid only while that run's MCP request is active (empty values when continuations.enabled is false)`,
    };
  });
}
