import type { SecretScanner } from "@mono-agent/evidence";
import {
  invocationWrite,
  type PersistenceResult,
  resultWrite,
  type ToolCallIdentity,
  type ToolLifecycleWrite,
} from "@mono-agent/session-history";
import type { ToolHistoryWriter } from "@mono-agent/session-history/sqlite";
import type { RunObserver, RunStartInfo } from "../run/run-observer.js";

/**
 * Run sources whose records are isolated (returned only with `includeIsolated: true`): proactive turns
 * and continuation deliveries run outside the user's own exchange. A decision; hosts can pass their own.
 */
export const ISOLATED_RUN_SOURCES: readonly string[] = ["proactive", "continuation"];

/** Bound on draining deferred writes before a run is finalized, in ms (the writer's `DRAIN_TIMEOUT_MS`). */
export const SESSION_HISTORY_DRAIN_TIMEOUT_MS = 5_000;

/** Options of {@link createSessionHistoryObserver}. */
export interface SessionHistoryObserverOptions {
  writer: ToolHistoryWriter;
  secretScanner?: SecretScanner;
  /** Whether a run's records are isolated; default: the request's `isolated`, else its `source` is one of {@link ISOLATED_RUN_SOURCES}. */
  isIsolated?: (info: RunStartInfo) => boolean;
  /** Drain bound at run end, in ms. Default {@link SESSION_HISTORY_DRAIN_TIMEOUT_MS}. */
  drainTimeoutMs?: number;
  /** Sees every write's outcome (tests, diagnostics). */
  onPersistence?: (write: ToolLifecycleWrite, result: PersistenceResult) => void;
}

interface RunState {
  sequence: number;
  open: Map<string, { toolName: string; startedAtMs: number }>;
}

/**
 * Records every managed tool call of a run (built-in, external MCP, app-owned) from pi's
 * `tool_execution_start` / `tool_execution_end` events: an invocation record, then a terminal result
 * record. Each event waits at most the writer's 250 ms foreground ceiling. At run end, calls that never
 * ended are closed (`cancelled` for a cancelled run, else `interrupted`), then deferred writes are
 * drained within a bound before the run is finalized.
 */
export function createSessionHistoryObserver(options: SessionHistoryObserverOptions): RunObserver {
  const runs = new Map<string, RunState>();
  const isIsolated =
    options.isIsolated ??
    ((info: RunStartInfo) =>
      info.request.isolated ?? ISOLATED_RUN_SOURCES.includes(info.request.source ?? ""));
  const identity = (info: RunStartInfo, toolCallId: string, toolName: string): ToolCallIdentity => ({
    conversationId: info.conversationId,
    runId: info.runId,
    toolCallId,
    toolName,
    runStartedAtMs: info.startedAt.getTime(),
    isolated: isIsolated(info),
  });
  const write = async (built: ToolLifecycleWrite) => {
    const result = await options.writer.write(built);
    options.onPersistence?.(built, result);
  };
  const stateOf = (info: RunStartInfo): RunState => {
    let state = runs.get(info.runId);
    if (!state) {
      state = { sequence: 0, open: new Map() };
      runs.set(info.runId, state);
    }
    return state;
  };
  const scanner = options.secretScanner;
  return {
    onRunStart(info) {
      stateOf(info);
    },
    async onAgentEvent(info, event) {
      if (event.type === "tool_execution_start") {
        const state = stateOf(info);
        const startedAtMs = Date.now();
        state.sequence += 1;
        state.open.set(event.toolCallId, { toolName: event.toolName, startedAtMs });
        await write(
          invocationWrite(
            identity(info, event.toolCallId, event.toolName),
            { sequence: state.sequence, startedAtMs, args: event.args },
            scanner,
          ),
        );
      } else if (event.type === "tool_execution_end") {
        const state = stateOf(info);
        const started = state.open.get(event.toolCallId);
        state.open.delete(event.toolCallId);
        state.sequence += 1;
        await write(
          resultWrite(
            identity(info, event.toolCallId, event.toolName),
            {
              sequence: state.sequence,
              endedAtMs: Date.now(),
              ...(started ? { startedAtMs: started.startedAtMs } : {}),
              result: event.result,
              isError: event.isError,
              aborted: info.signal.aborted,
            },
            scanner,
          ),
        );
      }
    },
    async onRunEnd(info, result) {
      const state = runs.get(info.runId);
      runs.delete(info.runId);
      for (const [toolCallId, open] of state?.open ?? []) {
        state!.sequence += 1;
        const built = resultWrite(
          identity(info, toolCallId, open.toolName),
          {
            sequence: state!.sequence,
            endedAtMs: Date.now(),
            startedAtMs: open.startedAtMs,
            result: `[no result: the run ended (${result.status}) before the tool returned]`,
            isError: true,
            aborted: true,
          },
          scanner,
        );
        await write(
          result.status === "cancelled"
            ? built
            : {
                ...built,
                state: "interrupted",
                failureKind: "run_ended",
                detailCode: "run_ended_before_result",
              },
        );
      }
      await options.writer.drain(options.drainTimeoutMs ?? SESSION_HISTORY_DRAIN_TIMEOUT_MS);
    },
  };
}
