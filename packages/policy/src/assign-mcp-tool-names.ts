import { type McpToolRef, mcpToolHash, mcpToolName, withHashSuffix } from "./mcp-tool-name.js";

/** One tool and the name the model sees for it. */
export interface McpToolNameAssignment extends McpToolRef {
  name: string;
}

/** Tools whose sanitised names were equal, and the distinct names each was given instead. */
export interface McpToolNameCollision {
  /** The shared sanitised name none of them received. */
  name: string;
  /** The colliding tools, sorted by server then tool name. */
  tools: McpToolRef[];
  /** The name given to each entry of `tools`, same order. */
  resolvedAs: string[];
}

/** Result of {@link assignMcpToolNames}. */
export interface McpToolNameAssignments {
  /** One entry per distinct (server, tool), in the order first seen in the input. */
  assignments: McpToolNameAssignment[];
  collisions: McpToolNameCollision[];
}

function refKey(tool: McpToolRef): string {
  return `${tool.serverName}\u0000${tool.toolName}`;
}

function compareRefs(left: McpToolRef, right: McpToolRef): number {
  const leftKey = refKey(left);
  const rightKey = refKey(right);
  return leftKey < rightKey ? -1 : leftKey > rightKey ? 1 : 0;
}

/**
 * Deterministic: same input set (in any order) gives the same names; colliding sanitised names get a
 * hash suffix derived from the original (server, tool) and are reported. A (server, tool) pair given
 * twice is assigned once. Tools whose name is unique keep {@link mcpToolName}'s result; a colliding
 * tool never takes a name another tool keeps.
 */
export function assignMcpToolNames(tools: readonly McpToolRef[]): McpToolNameAssignments {
  const distinct = new Map<string, McpToolRef>();
  for (const tool of tools) {
    const key = refKey(tool);
    if (!distinct.has(key)) distinct.set(key, { serverName: tool.serverName, toolName: tool.toolName });
  }
  const groups = new Map<string, McpToolRef[]>();
  for (const tool of distinct.values()) {
    const name = mcpToolName(tool.serverName, tool.toolName);
    groups.set(name, [...(groups.get(name) ?? []), tool]);
  }
  const assigned = new Map<string, string>();
  const taken = new Set<string>();
  for (const [name, members] of groups) {
    if (members.length === 1) {
      assigned.set(refKey(members[0]!), name);
      taken.add(name);
    }
  }
  const collisions: McpToolNameCollision[] = [];
  const collidingNames = [...groups.keys()].filter((name) => groups.get(name)!.length > 1).sort();
  for (const name of collidingNames) {
    const members = [...groups.get(name)!].sort(compareRefs);
    const resolvedAs = members.map((tool) => {
      let attempt = 0;
      let candidate = withHashSuffix(name, mcpToolHash(tool.serverName, tool.toolName, attempt));
      while (taken.has(candidate)) {
        attempt += 1;
        candidate = withHashSuffix(name, mcpToolHash(tool.serverName, tool.toolName, attempt));
      }
      taken.add(candidate);
      assigned.set(refKey(tool), candidate);
      return candidate;
    });
    collisions.push({ name, tools: members, resolvedAs });
  }
  const assignments = [...distinct.entries()].map(([key, tool]) => ({ ...tool, name: assigned.get(key)! }));
  return { assignments, collisions };
}
