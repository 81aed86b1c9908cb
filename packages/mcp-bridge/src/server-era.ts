import type { Client, PriorDiscovery } from "@modelcontextprotocol/client";
import { type McpEraMemory, type McpProtocolChoice, processEraMemory } from "./mcp-era-memory.js";
import type { RunServerSpec } from "./run-server-spec.js";

/** How a server's protocol revision is chosen: its mcp.json pin, else `auto`. */
export function protocolChoice(spec: RunServerSpec): McpProtocolChoice {
  return spec.options.protocolVersion ?? "auto";
}

/** What identifies a server for its era: its name and where it is (a changed command or URL probes again). */
function eraKey(spec: RunServerSpec): string {
  return JSON.stringify(
    spec.transport === "stdio"
      ? [spec.name, "stdio", spec.command, spec.args, spec.cwd ?? ""]
      : [spec.name, "remote", spec.url],
  );
}

/** The era remembered for an `auto` server, so a later connect skips the probe. */
export function recallEra(spec: RunServerSpec, memory: McpEraMemory | undefined): PriorDiscovery | undefined {
  if (protocolChoice(spec) !== "auto") return undefined;
  return (memory ?? processEraMemory).recall(eraKey(spec));
}

/** Records the era an `auto` server was connected in. */
export function rememberEra(spec: RunServerSpec, memory: McpEraMemory | undefined, client: Client): void {
  if (protocolChoice(spec) !== "auto") return;
  const discover = client.getDiscoverResult();
  const verdict: PriorDiscovery | undefined =
    client.getProtocolEra() === "modern" && discover ? { kind: "modern", discover } : { kind: "legacy" };
  (memory ?? processEraMemory).remember(eraKey(spec), verdict);
}

/** Drops a remembered era (the remembered way no longer connects). */
export function forgetEra(spec: RunServerSpec, memory: McpEraMemory | undefined): void {
  (memory ?? processEraMemory).forget(eraKey(spec));
}
