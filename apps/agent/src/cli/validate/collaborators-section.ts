import type { EnvRecord, LoadedConfig } from "@mono-agent/config";
import { resolveEnvReference } from "@mono-agent/config";
import { resolveCollaborators } from "../../app/collaborators/collaborator-peers.js";
import { type CheckLine, type CheckSection, section } from "./validate-report.js";

/** Shortest A2A bearer `serve` accepts (as `A2A_BEARER_MIN_CHARS` of @mono-agent/collaborators/node). */
const A2A_BEARER_MIN_CHARS = 16;

async function cardLines(loaded: LoadedConfig, env: EnvRecord): Promise<CheckLine[]> {
  const { peers } = resolveCollaborators(loaded, env);
  if (peers.length === 0) return [];
  const { connectCollaborator } = await import("@mono-agent/collaborators/node");
  return Promise.all(
    peers.map(async (peer): Promise<CheckLine> => {
      try {
        const { card } = await connectCollaborator(peer);
        const endpoint = card.supportedInterfaces.find((entry) => entry.protocolBinding === "JSONRPC")?.url;
        return {
          status: "ok",
          message: `collaborator "${peer.name}": card "${String(card.name).slice(0, 100)}", JSON-RPC at ${endpoint}, streaming ${card.capabilities?.streaming ? "yes" : "no"}`,
        };
      } catch (error) {
        return {
          status: "error",
          code: "collaborator_card_unavailable",
          jsonPath: `collaborators.${peer.name}.cardUrl`,
          message: error instanceof Error ? error.message : String(error),
        };
      }
    }),
  );
}

function a2aLines(loaded: LoadedConfig, env: EnvRecord): CheckLine[] {
  const block = loaded.config.a2a;
  if (!block)
    return [
      { status: "ok", message: "A2A endpoint: off (no a2a block): mono-agent serve answers no A2A calls." },
    ];
  if (!block.enabled) return [{ status: "ok", message: "A2A endpoint: off (a2a.enabled is false)." }];
  const bearer = resolveEnvReference(block.bearer, env);
  const where = `http://${block.host.includes(":") ? `[${block.host}]` : block.host}:${block.port}`;
  if (bearer === undefined || bearer.length < A2A_BEARER_MIN_CHARS)
    return [
      {
        status: "error",
        code: "a2a_bearer_unset",
        jsonPath: "a2a.bearer",
        message: `A2A endpoint: ${block.bearer.$env} is ${bearer === undefined ? "not set" : "shorter than 16 characters"}; serve will refuse to start. Set it (e.g. openssl rand -base64 24) or remove the a2a block.`,
      },
    ];
  return [
    {
      status: "ok",
      message: `A2A endpoint (mono-agent serve): card at ${block.publicUrl ? new URL(block.publicUrl).origin : where}/.well-known/agent-card.json; callers send the bearer in ${block.bearer.$env}; each call is a run in conversation a2a:<contextId>, recorded with source a2a.`,
    },
  ];
}

/**
 * The Collaborators section of `mono-agent validate`: each collaborator, whether AskCollaborator is
 * composed and why (its switch is the collaborators block, not tools.allowedTools), with `--connect`
 * each collaborator's agent card; and mono-agent's own A2A endpoint.
 */
export async function collaboratorsSection(
  loaded: LoadedConfig | undefined,
  env: EnvRecord,
  options: { connect?: boolean } = {},
): Promise<CheckSection> {
  if (!loaded)
    return section("collaborators", "Collaborators (A2A)", [
      { status: "disabled", message: "Collaborators cannot be checked until the config loads." },
    ]);
  const { peers, problems } = resolveCollaborators(loaded, env);
  const lines: CheckLine[] = [];
  for (const [name, entry] of Object.entries(loaded.config.collaborators ?? {}))
    if (peers.some((peer) => peer.name === name))
      lines.push({
        status: "ok",
        message: `collaborator "${name}": ${entry.cardUrl}${entry.bearer ? ` (bearer from ${entry.bearer.$env}: set)` : " (no bearer)"}, waits ${entry.waitMs} ms, answers up to ${entry.maxAnswerBytes} bytes`,
      });
  for (const problem of problems)
    lines.push({
      status: "warning",
      code: "collaborator_unavailable",
      jsonPath: `collaborators.${problem.name}.bearer`,
      message: problem.message,
    });
  lines.push(
    peers.length > 0
      ? {
          status: "ok",
          message: `AskCollaborator is composed (${peers.length} collaborator${peers.length === 1 ? "" : "s"}): its switch is the collaborators block, so it is offered whatever tools.allowedTools says. Remove the block to withhold it.${loaded.config.continuations || loaded.config.tools.continuationServers.length > 0 ? " Slow answers are handed to the continuation service." : " Without the continuation service, a task still working after waitMs is cancelled."}`,
        }
      : {
          status: "ok",
          message:
            "AskCollaborator is not composed: no collaborator is configured (and reachable). Add a collaborators block to offer it (docs/collaborators.md).",
        },
  );
  if (options.connect) lines.push(...(await cardLines(loaded, env)));
  lines.push(...a2aLines(loaded, env));
  const configured =
    Object.keys(loaded.config.collaborators ?? {}).length > 0 || loaded.config.a2a !== undefined;
  return section("collaborators", "Collaborators (A2A)", lines, configured ? undefined : "disabled");
}
