import type { ProbedMcpTool } from "../probe-mcp-server.js";
import type { DeclaredServerProbe } from "./probe-declared-servers.js";

/** Annotations shown as flags after a tool name: the MCP hints a user decides on. */
const ANNOTATION_FLAGS = ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const;

function annotationText(tool: ProbedMcpTool): string {
  const annotations = tool.annotations ?? {};
  const flags = ANNOTATION_FLAGS.filter((key) => annotations[key] !== undefined).map(
    (key) => `${key}: ${String(annotations[key])}`,
  );
  return flags.length > 0 ? `  [${flags.join(", ")}]` : "";
}

function argumentNames(parameters: unknown): string {
  const schema = (parameters ?? {}) as { properties?: Record<string, unknown>; required?: unknown };
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const names = Object.keys(schema.properties ?? {}).map((name) => (required.has(name) ? name : `${name}?`));
  return names.length > 0 ? names.join(", ") : "(none)";
}

function statusWord(server: DeclaredServerProbe): string {
  if (server.status === "disabled") return "disabled (enabled: false)";
  return `${server.status} in ${server.durationMs} ms`;
}

/**
 * The lines of `mono-agent mcp list` (and of `mcp get` with `detail`: each tool's description and
 * arguments): per server its status, time, login state, reason, tools and prompts, then a summary.
 */
export function describeProbedServers(
  servers: readonly DeclaredServerProbe[],
  options: { detail: boolean },
): string[] {
  if (servers.length === 0)
    return [
      "No MCP servers declared (tools.mcpConfigPath or tools.mcpServers); `mono-agent mcp import` brings them from another host's file.",
    ];
  const out: string[] = [];
  for (const server of servers) {
    const count =
      server.status === "connected"
        ? `, ${server.tools.length} tool${server.tools.length === 1 ? "" : "s"}`
        : "";
    out.push(
      `${server.name}: ${statusWord(server)} (${server.transport}${count}), declared in ${server.file} at ${server.jsonPath}`,
    );
    if (server.auth.kind !== "none") out.push(`  login: ${server.auth.text}`);
    if (server.error) out.push(`  ${server.errorCode ? `${server.errorCode}: ` : ""}${server.error}`);
    for (const tool of server.tools) {
      out.push(`  ${tool.name}${annotationText(tool)}`);
      if (options.detail) {
        out.push(`    ${tool.description.split("\n")[0]}`);
        out.push(`    arguments: ${argumentNames(tool.parameters)}`);
      }
    }
    for (const prompt of server.prompts) {
      const args = prompt.arguments.map((arg) => (arg.required ? arg.name : `${arg.name}?`)).join(", ");
      out.push(`  prompt /${server.name}:${prompt.name}${args ? ` (${args})` : ""}`);
      if (options.detail && prompt.description) out.push(`    ${prompt.description.split("\n")[0]}`);
    }
  }
  const failed = servers.filter((server) => server.status === "failed").length;
  const connected = servers.filter((server) => server.status === "connected").length;
  out.push("");
  out.push(
    failed > 0
      ? `${connected} connected, ${failed} failed: a run skips a failed server and goes on without its tools.`
      : `${connected} connected${servers.length > connected ? `, ${servers.length - connected} disabled` : ""}.`,
  );
  return out;
}
