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

/** Optional pages of the console; an absent source hides its page and its API route answers 404. */
export interface WebFeatures {
  runs?: WebRunsPageSource;
  memory?: WebMemoryPageSource;
  /** Continuation deliveries shown in threads, between the turns they followed. */
  deliveries?: WebDeliveriesSource;
}

/** Runs the runs page shows: the newest, enough for a glance. */
export const RUNS_PAGE_LIMIT = 50;
