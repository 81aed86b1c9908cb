import type { RunStatus } from "./run-status.js";

/** Token usage and cost of a run, as the provider reported them. */
export interface RunUsage {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  costUsd: number;
}

/** Calls and errors of one tool in a run; `name` is `"(other tools)"` for the pooled rest past 20 names. */
export interface RunToolCount {
  name: string;
  calls: number;
  errors: number;
}

/** A warning reported on a run (an MCP server that was skipped, an observer that failed ...). */
export interface RunWarning {
  kind: string;
  message: string;
  serverName?: string;
}

/**
 * The canonical record of one run: one row of the run store. Holds no private field (system prompt,
 * provider session metadata, recalled memory live apart, see `RunPrivateFields`), no artifact path
 * and nothing about the process that ran it. Text fields are bounded (4,096 bytes) and redacted.
 */
export interface RunSummary {
  runId: string;
  /** The physical conversation id, with its `#YYYY-MM-DD` rollover bucket when it has one. */
  conversationId: string;
  /** `conversationId` without its rollover bucket: the RunHistory scope. */
  logicalConversationId: string;
  /** `YYYY-MM-DD` of a daily rollover bucket. */
  rolloverBucket?: string;
  status: RunStatus;
  /** ISO 8601 times. `endedAt` is set once the run settled (or was found interrupted). */
  startedAt: string;
  endedAt?: string;
  updatedAt: string;
  durationMs?: number;
  /** The model the run used (`<provider>:<modelId>` or its label). */
  model: string;
  /** Reasoning effort (`runtime.effort`) when one was set. */
  effort?: string;
  /** Where the request came from (`cli`, `web`, `api`, `cron` ...) and, optionally, a detail of it. */
  source: string;
  sourceDetail?: string;
  /** The trigger: the user's input, bounded. */
  userInput: string;
  /** Why a run did not succeed (`process_death`, `cancelled`, `missing_api_key` ... an open set). */
  failureKind?: string;
  /** The failure message, bounded. */
  error?: string;
  usage: RunUsage;
  toolCallCount: number;
  toolErrorCount: number;
  /** Calls and errors per tool name, most called first (at most 20 names plus one pooled entry). */
  tools: RunToolCount[];
  /** External and app-owned MCP servers that connected for the run. */
  mcpServersUsed: string[];
  warnings: RunWarning[];
  /** The final visible output, bounded. */
  finalOutput?: string;
  /** Event lines in the run's events file at the last checkpoint. */
  eventCount: number;
  /** Events not written because the events file reached its size cap. */
  eventsDropped: number;
}

/**
 * What the page says RunHistory must never return: kept in their own table and read only through
 * `RunStore.getRunPrivateFields`, so no summary projection can carry them by accident.
 */
export interface RunPrivateFields {
  systemPrompt?: string;
  providerSessionMetadata?: unknown;
  recalledMemory?: unknown;
}
