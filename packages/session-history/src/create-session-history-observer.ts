import type { SecretScanner } from "@mono-agent/evidence";
import { OBSERVER_DRAIN_TIMEOUT_MS } from "./limits.js";
import type { ObservedRun } from "./observed-run.js";
import type { ToolHistoryWriter } from "./tool-history-writer.js";
import { invocationWrite, resultWrite } from "./tool-lifecycle-records.js";
import type { ToolCallIdentity, ToolLifecycleWrite } from "./tool-lifecycle-write.js";
import type { PersistenceResult } from "./tool-record.js";

/**
 * Run sources whose records are isolated (returned only with `includeIsolated: true`): proactive turns
 * and continuation deliveries run outside the user's own exchange. A decision; hosts can pass their own.
 */
const ISOLATED_RUN_SOURCES: readonly string[] = ["proactive", "continuation"];

/** Options of {@link createSessionHistoryObserver}. */
export interface SessionHistoryObserverOptions {
  /** The sidecar's writer (SQLite worker or PostgreSQL group commit). */
  writer: Pick<ToolHistoryWriter, "write" | "drain">;
  secretScanner?: SecretScanner;
  /** Whether a run's records are isolated; default: the request's `isolated`, else its `source` is `proactive` or `continuation`. */
  isIsolated?: (run: ObservedRun) => boolean;
  /** Drain bound at run end, in ms. Default 5,000 (the SQLite writer's drain bound). */
  drainTimeoutMs?: number;
  /** Sees every write's outcome (tests, diagnostics). */
  onPersistence?: (write: ToolLifecycleWrite, result: PersistenceResult) => void;
}

/**
 * A Pi agent event as the observer reads it: `tool_execution_start` and `tool_execution_end` are
 * recorded, every other type is ignored.
 */
export type ObservedAgentEvent =
  | { type: "tool_execution_start"; toolCallId: string; toolName: string; args: unknown }
  | { type: "tool_execution_end"; toolCallId: string; toolName: string; result: unknown; isError: boolean }
  | { readonly type: string };

/** The run hooks that record tool calls (a mono-agent `RunObserver`). */
export interface SessionHistoryObserver {
  onRunStart(run: ObservedRun): void;
  onAgentEvent(run: ObservedRun, event: ObservedAgentEvent): Promise<void>;
  onRunEnd(run: ObservedRun, result: { status: string }): Promise<void>;
}

type ToolExecutionStart = Extract<ObservedAgentEvent, { type: "tool_execution_start" }>;
type ToolExecutionEnd = Extract<ObservedAgentEvent, { type: "tool_execution_end" }>;

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
export function createSessionHistoryObserver(options: SessionHistoryObserverOptions): SessionHistoryObserver {
  const runs = new Map<string, RunState>();
  const isIsolated =
    options.isIsolated ??
    ((run: ObservedRun) => run.request.isolated ?? ISOLATED_RUN_SOURCES.includes(run.request.source ?? ""));
  const identity = (run: ObservedRun, toolCallId: string, toolName: string): ToolCallIdentity => ({
    conversationId: run.conversationId,
    runId: run.runId,
    toolCallId,
    toolName,
    runStartedAtMs: run.startedAt.getTime(),
    isolated: isIsolated(run),
  });
  const write = async (built: ToolLifecycleWrite) => {
    const result = await options.writer.write(built);
    options.onPersistence?.(built, result);
  };
  const stateOf = (run: ObservedRun): RunState => {
    let state = runs.get(run.runId);
    if (!state) {
      state = { sequence: 0, open: new Map() };
      runs.set(run.runId, state);
    }
    return state;
  };
  const scanner = options.secretScanner;
  return {
    onRunStart(run) {
      stateOf(run);
    },
    async onAgentEvent(run, event) {
      if (event.type === "tool_execution_start") {
        const start = event as ToolExecutionStart;
        const state = stateOf(run);
        const startedAtMs = Date.now();
        state.sequence += 1;
        state.open.set(start.toolCallId, { toolName: start.toolName, startedAtMs });
        await write(
          invocationWrite(
            identity(run, start.toolCallId, start.toolName),
            { sequence: state.sequence, startedAtMs, args: start.args },
            scanner,
          ),
        );
      } else if (event.type === "tool_execution_end") {
        const end = event as ToolExecutionEnd;
        const state = stateOf(run);
        const started = state.open.get(end.toolCallId);
        state.open.delete(end.toolCallId);
        state.sequence += 1;
        await write(
          resultWrite(
            identity(run, end.toolCallId, end.toolName),
            {
              sequence: state.sequence,
              endedAtMs: Date.now(),
              ...(started ? { startedAtMs: started.startedAtMs } : {}),
              result: end.result,
              isError: end.isError,
              aborted: run.signal.aborted,
            },
            scanner,
          ),
        );
      }
    },
    async onRunEnd(run, result) {
      const state = runs.get(run.runId);
      runs.delete(run.runId);
      for (const [toolCallId, open] of state?.open ?? []) {
        state!.sequence += 1;
        const built = resultWrite(
          identity(run, toolCallId, open.toolName),
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
      await options.writer.drain(options.drainTimeoutMs ?? OBSERVER_DRAIN_TIMEOUT_MS);
    },
  };
}
