import { mcpServerNameProblem } from "./schema/mcp-server-name.js";
import type { McpServerSpec } from "./schema/mcp-server-spec-schema.js";
import { type McpImportNote, convertHostServer } from "./convert-host-server.js";
import type { McpImportHost } from "./host-config-formats.js";
import type { McpImportContext } from "./translate-host-value.js";

/** What one host file gives: mono-agent server specs by name, and the report. */
export interface ImportedHostMcpConfig {
  servers: Record<string, McpServerSpec>;
  notes: McpImportNote[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A valid mono-agent server name for `name` (`my server.v2` -> `my-server-v2`). */
export function serverNameFor(name: string): string {
  if (mcpServerNameProblem(name) === undefined) return name;
  const cleaned = name
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/_{2,}/g, "_")
    .replace(/^mono-agent-/, "")
    .replace(/^[^A-Za-z0-9]+/, "")
    .slice(0, 48)
    .replace(/-+$/, "");
  return cleaned === "" ? "server" : cleaned;
}

/** Top-level keys that are another host's own settings, not MCP servers. */
const HOST_OWN_KEYS: Partial<Record<McpImportHost, string>> = {
  "claude-desktop": "Claude Desktop's own setting",
  "claude-code": "Claude Code's own setting",
};

/**
 * Converts another host's MCP file: `mcpServers` (all hosts), VS Code's `servers` and `inputs`, and
 * in `~/.claude.json` the user servers plus the servers of the project `context.sourceWorkspace`.
 */
export function importHostMcpConfig(
  value: unknown,
  host: McpImportHost,
  file: string,
  context: Omit<McpImportContext, "inputs">,
): ImportedHostMcpConfig {
  const notes: McpImportNote[] = [];
  const servers: Record<string, McpServerSpec> = {};
  if (!isRecord(value)) {
    notes.push({ kind: "dropped", message: `${file} is not a JSON object; nothing to import` });
    return { servers, notes };
  }
  const inputs = new Map<string, { description?: string }>();
  for (const input of Array.isArray(value["inputs"]) ? value["inputs"] : [])
    if (isRecord(input) && typeof input["id"] === "string")
      inputs.set(
        input["id"],
        typeof input["description"] === "string" ? { description: input["description"] } : {},
      );
  const groups: { path: string; entries: Record<string, unknown> }[] = [];
  const serversKey = host === "vscode" && isRecord(value["servers"]) ? "servers" : "mcpServers";
  if (isRecord(value[serversKey])) groups.push({ path: serversKey, entries: value[serversKey] });
  const projects = isRecord(value["projects"]) ? value["projects"] : undefined;
  if (projects) {
    const project = projects[context.sourceWorkspace];
    if (isRecord(project) && isRecord(project["mcpServers"]))
      groups.push({
        path: `projects["${context.sourceWorkspace}"].mcpServers`,
        entries: project["mcpServers"],
      });
    const others = Object.keys(projects).filter((key) => key !== context.sourceWorkspace).length;
    if (others > 0)
      notes.push({
        kind: "dropped",
        message: `projects: the servers of ${others} other project folder(s) are not imported (only those of ${context.sourceWorkspace}); run mcp import from that folder for them`,
      });
  }
  const known = new Set([serversKey, "inputs", "projects", "$schema"]);
  const ownSettings = Object.keys(value).filter((key) => !known.has(key));
  if (ownSettings.length > 0)
    notes.push({
      kind: "dropped",
      message: `top-level ${ownSettings.map((key) => `"${key}"`).join(", ")} dropped: ${HOST_OWN_KEYS[host] ?? "not MCP server declarations"}`,
    });
  if (inputs.size > 0 && host === "vscode")
    notes.push({
      kind: "converted",
      message: `inputs: each \${input:id} a server uses is read from an environment variable instead (see the action notes)`,
    });
  for (const group of groups) {
    for (const [name, entry] of Object.entries(group.entries)) {
      const path = `${group.path}.${name}`;
      const converted = convertHostServer(name, entry, path, { ...context, inputs }, file);
      notes.push(...converted.notes);
      if (!converted.spec) continue;
      const target = serverNameFor(name);
      if (target !== name)
        notes.push({
          server: name,
          kind: "converted",
          message: `renamed to "${target}": ${mcpServerNameProblem(name)}`,
        });
      if (Object.hasOwn(servers, target)) {
        notes.push({
          server: name,
          kind: "dropped",
          message: `${path}: a server named "${target}" is already imported from this file; skipped`,
        });
        continue;
      }
      servers[target] = converted.spec;
    }
  }
  if (groups.length === 0)
    notes.push({ kind: "dropped", message: `${file} declares no MCP servers (no "${serversKey}" object)` });
  return { servers, notes };
}
