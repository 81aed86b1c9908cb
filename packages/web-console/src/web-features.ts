import type { AskAnswer, AskRecord } from "@mono-agent/interaction";

/** One run as the runs page lists it. */
export interface WebRunSummaryView {
  runId: string;
  conversationId: string;
  status: string;
  model: string;
  /** Tool names with their call counts and how many of those calls ended in an error. */
  tools: { name: string; calls: number; errors: number }[];
  startedAt: string;
  durationMs: number | null;
}

/** Source of the runs page: present only when run history is wired into the app. */
export interface WebRunsPageSource {
  listRecent(limit: number): Promise<WebRunSummaryView[]>;
}

/** Source of the memory page: present only when memory is wired into the app. */
export interface WebMemoryPageSource {
  overview(): Promise<{ stats: Record<string, string | number>; today: string[] }>;
}

/** A continuation result delivered into a thread after its run ended. */
export interface WebDeliveryView {
  deliveryId: string;
  text: string;
  deliveredAtMs: number;
}

/** Source of the deliveries a thread view shows: present when continuations are wired into the app. */
export type WebDeliveriesSource = (conversationId: string) => WebDeliveryView[];

/**
 * Asks of `web:` threads (AskUser questions, MCP elicitations, tool approvals): shown as cards in the thread,
 * answered from the browser. Present when the app's interaction bridge is wired in.
 */
export interface WebAsksSource {
  /** Asks of a conversation, oldest first, pending and settled (the answered state stays in the thread). */
  list(conversationId: string): AskRecord[];
  /**
   * A person's answer from the browser. Throws `InteractionError` (`ask_not_found`, `ask_not_pending`,
   * `invalid_answer`) when it does not fit; an ask of another conversation is `ask_not_found`.
   */
  answer(conversationId: string, askId: string, answer: AskAnswer): AskRecord;
  /** Calls `listener` with the conversation id whenever one of its asks changes; returns the unsubscribe. */
  onChange(listener: (conversationId: string) => void): () => void;
}

/** Optional pages of the console; an absent source hides its page and its API route answers 404. */
export interface WebFeatures {
  runs?: WebRunsPageSource;
  memory?: WebMemoryPageSource;
  /** Continuation deliveries shown in threads, between the turns they followed. */
  deliveries?: WebDeliveriesSource;
  /** Ask cards in threads. */
  asks?: WebAsksSource;
}

/** Runs the runs page shows: the newest, enough for a glance. */
export const RUNS_PAGE_LIMIT = 50;
