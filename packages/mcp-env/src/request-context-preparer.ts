import { join } from "node:path";
import { injectMcpRequestContext, selectRequestContextServers } from "./inject-mcp-request-context.js";
import type { OverlayServerSpec } from "./overlay-server-spec.js";
import { createProgressEmitter, type ProgressObserver, type ProgressRunInfo } from "./progress-emitter.js";
import type { ProgressCapability, ProgressReport } from "./progress-report.js";
import { createRunOutputDirectory, type RunOutputDirectory } from "./run-output-directory.js";
import { type AttachmentSource, stageAttachments } from "./stage-attachments.js";

/** What the preparer reads of a loaded mono-agent config (`LoadedConfig` of @mono-agent/config fits). */
export interface RequestContextConfig {
  readonly artifactsDir: string;
  readonly config: { readonly tools: { readonly mcpRequestContextServers: readonly string[] } };
}

/** The run being prepared (the app's `RunStartInfo` fits). */
export interface RequestContextRunInfo extends ProgressRunInfo {
  runId: string;
  conversationId: string;
  request: ProgressRunInfo["request"] & { attachments?: readonly unknown[] };
}

/** The host's interaction bridge, started on first use (`LazyInteractionBridge` of @mono-agent/interaction/node). */
export interface ProgressBridge {
  get(): Promise<{
    readonly masterToken: string;
    issueProgressCapability(input: {
      runId: string;
      conversationId: string;
      onProgress(report: ProgressReport): void;
    }): ProgressCapability;
  }>;
}

/** Where a host records what it must remove after a crash (`HostProcessLedger` of @mono-agent/sandbox/node). */
export interface RunOutputLedger {
  recordDirectory(directory: RunOutputDirectory): void;
  releaseDirectory(path: string): void;
}

/** The servers of a run after the overlay, with warnings and the cleanup (the app's `PreparedServers`). */
export interface RequestContextPrepared<Spec> {
  servers: Spec[];
  warnings?: { kind: string; message: string }[];
  cleanup?(): Promise<void>;
}

/** Options of {@link createRequestContextPreparer}. */
export interface RequestContextPreparerOptions<Info> {
  loaded: RequestContextConfig;
  env: Readonly<Record<string, string | undefined>>;
  /** Observers that receive `progress` run events. */
  observers: readonly ProgressObserver<Info>[];
  /** The interaction bridge; absent when progress is disabled (the progress keys are then `""`). */
  bridge?: ProgressBridge;
  /** Records each output directory while it exists, so the next start removes it after a crash. */
  ledger?: RunOutputLedger;
}

/** Where run output directories live: `<artifacts>/outbound`. */
export const outboundRoot = (loaded: Pick<RequestContextConfig, "artifactsDir">) =>
  join(loaded.artifactsDir, "outbound");

/** The attachments root: `<artifacts>/attachments` (handed to servers as its canonical path). */
export const attachmentsRoot = (loaded: Pick<RequestContextConfig, "artifactsDir">) =>
  join(loaded.artifactsDir, "attachments");

/**
 * The request-context preparer. When the run has a stdio server named in
 * `tools.mcpRequestContextServers`, it creates `artifacts/outbound/<runId>` (refusing the run with
 * `unsafe_run_output` if something is in the way), stages the request's attachments, issues the run's
 * progress bearer, and clones the selected servers with the eight trusted keys. Cleanup (after every
 * MCP client has closed) revokes the bearer, then removes the output directory if it is still the
 * object it created. Without selected servers the run is unchanged and attachments are not staged.
 */
export function createRequestContextPreparer<
  Info extends RequestContextRunInfo,
  Spec extends OverlayServerSpec,
>(
  options: RequestContextPreparerOptions<Info>,
): (info: Info, servers: readonly Spec[]) => Promise<RequestContextPrepared<Spec>> {
  const { loaded } = options;
  const serverNames = loaded.config.tools.mcpRequestContextServers;
  return async (info, servers) => {
    const attachments = (info.request.attachments ?? []) as AttachmentSource[];
    if (selectRequestContextServers(servers, serverNames).length === 0) {
      const unused = attachments.length > 0 && {
        kind: "attachments_unused",
        message: `${attachments.length} attachment(s) were not staged: no stdio server of this run is named in tools.mcpRequestContextServers`,
      };
      return { servers: [...servers], ...(unused ? { warnings: [unused] } : {}) };
    }
    const undo: (() => Promise<unknown> | unknown)[] = [];
    const cleanup = async () => {
      for (const step of undo.splice(0).reverse())
        await Promise.resolve()
          .then(step)
          .catch(() => {});
    };
    try {
      const output = await createRunOutputDirectory({
        outboundRoot: outboundRoot(loaded),
        runId: info.runId,
      });
      options.ledger?.recordDirectory(output);
      undo.push(async () => {
        await output.remove();
        options.ledger?.releaseDirectory(output.path);
      });
      const staged = await stageAttachments({
        attachmentsRoot: attachmentsRoot(loaded),
        conversationId: info.conversationId,
        runId: info.runId,
        attachments,
      });
      let progress: ProgressCapability | undefined;
      if (options.bridge) {
        const bridge = await options.bridge.get();
        const secrets: string[] = [bridge.masterToken];
        progress = bridge.issueProgressCapability({
          runId: info.runId,
          conversationId: info.conversationId,
          onProgress: createProgressEmitter({
            info,
            observers: options.observers,
            env: options.env,
            secrets,
          }),
        });
        secrets.push(progress.token);
        const issued = progress;
        undo.push(() => issued.release());
      }
      const overlaid = injectMcpRequestContext(servers, {
        serverNames,
        context: {
          conversationId: info.conversationId,
          runId: info.runId,
          runOutputDir: output.path,
          attachmentsRoot: staged.root,
          attachments: staged.saved,
          ...(progress ? { progress: { url: progress.url, token: progress.token } } : {}),
        },
      });
      const warnings = staged.failed.map((failure) => ({
        kind: "attachment_not_saved",
        message: `attachment "${failure.name}" was not saved and is not offered to servers: ${failure.message}`,
      }));
      return { servers: overlaid, warnings, cleanup };
    } catch (error) {
      await cleanup();
      throw error;
    }
  };
}
