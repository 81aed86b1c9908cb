import type { RunRecorder, RunRecording } from "../sqlite/create-run-recorder.js";
import { createRunRecordEventMapper } from "./create-run-record-event-mapper.js";
import type { RunRecordingObserver } from "./recorded-run.js";
import type { StartRunRecordingOptions } from "./run-recording-service.js";

function channelOf(conversationId: string): string {
  return conversationId.slice(0, Math.max(0, conversationId.indexOf(":"))) || "api";
}

/**
 * The observer that records every run through `recorder`: a summary row at start, the mapped Pi events
 * and the host's warnings while it runs, the outcome at its end.
 */
export function createRunRecordingObserver<TRunEvent>(
  recorder: RunRecorder,
  options: Pick<StartRunRecordingOptions<TRunEvent>, "effort" | "systemPrompt" | "warningOf">,
): RunRecordingObserver<TRunEvent> {
  const recordings = new Map<
    string,
    { recording: RunRecording; map: ReturnType<typeof createRunRecordEventMapper> }
  >();
  return {
    async onRunStart(info) {
      const systemPrompt = await options.systemPrompt().catch(() => undefined);
      const recording = await recorder.startRun({
        runId: info.runId,
        conversationId: info.conversationId,
        startedAt: info.startedAt,
        model: info.modelRef,
        ...(options.effort !== undefined ? { effort: options.effort } : {}),
        source: info.request.source ?? channelOf(info.conversationId),
        userInput: info.request.input,
        ...(systemPrompt !== undefined ? { privateFields: { systemPrompt } } : {}),
      });
      recordings.set(info.runId, { recording, map: createRunRecordEventMapper() });
    },
    onAgentEvent(info, event) {
      const entry = recordings.get(info.runId);
      if (entry) for (const recorded of entry.map(event)) entry.recording.record(recorded);
    },
    onRunEvent(info, event) {
      const warning = options.warningOf(event);
      if (warning !== undefined) recordings.get(info.runId)?.recording.warn(warning);
    },
    async onRunEnd(info, result) {
      const entry = recordings.get(info.runId);
      if (!entry) return;
      recordings.delete(info.runId);
      await entry.recording.finish({
        status: result.status,
        durationMs: result.durationMs,
        usage: {
          inputTokens: result.usage.input,
          outputTokens: result.usage.output,
          totalTokens: result.usage.totalTokens,
          costUsd: result.usage.costUsd,
        },
        mcpServersUsed: result.mcpServersUsed,
        ...(result.error ? { failureKind: result.error.kind, error: result.error.message } : {}),
        ...(result.finalText ? { finalOutput: result.finalText } : {}),
      });
    },
  };
}
