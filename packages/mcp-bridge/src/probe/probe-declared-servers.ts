import type { DeclaredMcpServer } from "@mono-agent/config";
import { describeAuthState, type McpAuthState } from "../describe-auth-state.js";
import { type McpServerProbe, type ProbeMcpServerOptions, probeMcpServer } from "../probe-mcp-server.js";
import type { RunServerSpec } from "../run-server-spec.js";

/** The outcome of connecting one declared server with {@link probeDeclaredServers}. */
export interface DeclaredServerProbe extends Omit<McpServerProbe, "status"> {
  /** Where it is declared: the mcp.json file or the config file. */
  file: string;
  jsonPath: string;
  status: McpServerProbe["status"] | "disabled";
  /** Its login state (remote servers with OAuth), from the token store. */
  auth: McpAuthState;
}

/** Input of {@link probeDeclaredServers}. */
export interface ProbeDeclaredServersInput {
  /** The declared servers to probe, in the order of the report. */
  declared: readonly DeclaredMcpServer[];
  /** The run specs of the enabled servers the host could prepare (`$env` values resolved). */
  specs: readonly RunServerSpec[];
  /** The enabled servers the host could not prepare, each with why (e.g. an unset `$env` variable). */
  skipped: readonly { serverName: string; message: string }[];
  /** The connect options of every probe; `auth.store` also gives each server's login state. */
  options: ProbeMcpServerOptions;
}

/**
 * Connects every declared server the way a run does, each on its own and all in parallel, within its
 * connect timeout, then closes them: what `mono-agent mcp list` and `validate --connect` show. Disabled
 * servers and servers the host could not prepare are reported without being started.
 */
export async function probeDeclaredServers(input: ProbeDeclaredServersInput): Promise<DeclaredServerProbe[]> {
  const specByName = new Map(input.specs.map((spec) => [spec.name, spec]));
  const records = input.options.auth?.store.list() ?? [];
  return Promise.all(
    input.declared.map(async (server): Promise<DeclaredServerProbe> => {
      const where = {
        file: server.origin.file,
        jsonPath: server.origin.jsonPath,
        auth: describeAuthState(server, records),
      };
      const transport = "command" in server.spec ? "stdio" : (server.spec.type ?? "auto");
      const spec = specByName.get(server.name);
      if (server.spec.enabled === false)
        return {
          name: server.name,
          ...where,
          transport,
          status: "disabled",
          durationMs: 0,
          tools: [],
          prompts: [],
        };
      if (spec === undefined) {
        const reason = input.skipped.find((entry) => entry.serverName === server.name)?.message;
        return {
          name: server.name,
          ...where,
          transport,
          status: "failed",
          durationMs: 0,
          error: reason ?? "the server could not be prepared",
          errorCode: "env_reference_missing",
          tools: [],
          prompts: [],
        };
      }
      return { ...where, ...(await probeMcpServer(spec, input.options)) };
    }),
  );
}
