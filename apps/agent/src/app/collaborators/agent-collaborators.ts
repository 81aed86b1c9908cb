import { COLLABORATORS_SERVER_NAME } from "@mono-agent/collaborators";
import type { EnvRecord, LoadedConfig } from "@mono-agent/config";
import type { ContinuationService } from "@mono-agent/continuations/node";
import type { SecretScanner } from "@mono-agent/evidence";
import type { StartupWarning } from "../startup-warnings.js";
import type { AppToolProvider } from "../tools/app-tool-provider.js";
import { requestScopedToolProvider } from "../tools/request-scoped-tool-provider.js";
import { resolveCollaborators } from "./collaborator-peers.js";

/** AskCollaborator of an app (when composed) and the follower of its handed-off tasks. */
export interface AgentCollaborators {
  providers: AppToolProvider[];
  close(): Promise<void>;
}

/** The handed-off task key of a collaborator task: `<collaborator>/<taskId>`. */
function taskKey(collaborator: string, taskId: string): string {
  return `${collaborator}/${taskId}`;
}

/**
 * Composes AskCollaborator (the `mono-agent-collaborators` request-scoped server) when at least one
 * collaborator is configured and reachable (its bearer set), whatever `tools.allowedTools` says: its
 * switch is the `collaborators` block (docs/collaborators.md). With the continuation service on, a
 * task still working after `waitMs` becomes a continuation of the run, and a follower polls it.
 */
export async function startAgentCollaborators(input: {
  loaded: LoadedConfig;
  env: EnvRecord;
  secretScanner: SecretScanner;
  continuations?: Pick<ContinuationService, "handOffTask" | "taskHandoffs" | "settleTaskHandoff">;
  startupWarnings: StartupWarning[];
}): Promise<AgentCollaborators> {
  const { peers, problems } = resolveCollaborators(input.loaded, input.env);
  for (const problem of problems)
    input.startupWarnings.push({ kind: "collaborator_unavailable", message: problem.message });
  const service = input.continuations;
  // Without collaborators nothing loads (handed-off tasks of collaborators since removed expire at their deadline).
  if (peers.length === 0) return { providers: [], close: async () => {} };
  // The A2A client and server code loads only when collaborators are configured.
  const { createAskCollaboratorServer, followCollaboratorTasks } = await import(
    "@mono-agent/collaborators/node"
  );
  // Loaded with the continuation service already (its host imports it); named here only when it runs.
  const { handedOffTaskId, taskHandoffDeadlineMs } = await import("@mono-agent/continuations/node");
  const follower = service
    ? followCollaboratorTasks({
        collaborators: peers,
        secretScanner: input.secretScanner,
        store: {
          handedOff: () =>
            service
              .taskHandoffs()
              .filter((record) => record.serverName === COLLABORATORS_SERVER_NAME)
              .flatMap((record) => {
                const key = handedOffTaskId(record) ?? "";
                const slash = key.indexOf("/");
                return slash <= 0
                  ? []
                  : [
                      {
                        continuationId: record.continuationId,
                        collaborator: key.slice(0, slash),
                        taskId: key.slice(slash + 1),
                        deadlineMs: taskHandoffDeadlineMs(record),
                      },
                    ];
              }),
          settle: (continuationId, outcome) => {
            service.settleTaskHandoff(continuationId, outcome);
          },
        },
      })
    : undefined;
  const providers = [
    requestScopedToolProvider({
      serverName: COLLABORATORS_SERVER_NAME,
      isOffered: () => true,
      createServer: (run) =>
        createAskCollaboratorServer({
          collaborators: peers,
          secretScanner: input.secretScanner,
          ...(service
            ? {
                handOff: (task) => {
                  try {
                    const claim = service.handOffTask({
                      runId: run.runId,
                      serverName: COLLABORATORS_SERVER_NAME,
                      conversationId: run.conversationId,
                      taskId: taskKey(task.collaborator, task.taskId),
                      deadlineMs: task.deadlineMs,
                    });
                    return {
                      continuationId: claim.continuationId,
                      deadline: new Date(claim.deadlineMs).toISOString(),
                    };
                  } catch {
                    // A full store or an id too long: the task is cancelled instead (the tool says so).
                    return undefined;
                  }
                },
              }
            : {}),
        }),
    }),
  ];
  return { providers, close: async () => follower?.close() };
}
