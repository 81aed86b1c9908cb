import type { CollaboratorPeer } from "@mono-agent/collaborators";
import {
  COLLABORATOR_DEFAULTS,
  type EnvRecord,
  type LoadedConfig,
  resolveEnvReference,
} from "@mono-agent/config";

/** The configured collaborators the host can call, and why any other is left out. */
export interface ResolvedCollaborators {
  peers: CollaboratorPeer[];
  /** One sentence per collaborator left out (its bearer variable unset), naming the fix. */
  problems: { name: string; message: string }[];
}

/**
 * The `collaborators` of a config with their bearers read from the host env. A collaborator whose
 * bearer variable is unset is left out (AskCollaborator cannot reach it), with a problem naming it.
 */
export function resolveCollaborators(loaded: LoadedConfig, env: EnvRecord): ResolvedCollaborators {
  const peers: CollaboratorPeer[] = [];
  const problems: ResolvedCollaborators["problems"] = [];
  for (const [name, entry] of Object.entries(loaded.config.collaborators ?? {})) {
    const bearer = entry.bearer ? resolveEnvReference(entry.bearer, env) : undefined;
    if (entry.bearer && (bearer === undefined || bearer === "")) {
      problems.push({
        name,
        message: `collaborator "${name}" is left out: ${entry.bearer.$env} is not set; set it in the environment or the .env file`,
      });
      continue;
    }
    peers.push({
      name,
      cardUrl: entry.cardUrl,
      ...(bearer !== undefined ? { bearer } : {}),
      ...(entry.description !== undefined ? { description: entry.description } : {}),
      waitMs: entry.waitMs,
      handoffDeadlineMs: entry.handoffDeadlineMs,
      maxAnswerBytes: entry.maxAnswerBytes,
      maxAnswerDepth: COLLABORATOR_DEFAULTS.maxAnswerDepth,
    });
  }
  return { peers, problems };
}
