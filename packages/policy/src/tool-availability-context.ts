/** Memory facts the host knows for this run. Capability flags must be affirmative (`true`) to count. */
export interface MemoryAvailability {
  /** A `memory` block is configured. */
  configured: boolean;
  /** `memory.recallTool.enabled`. */
  recallEnabled: boolean;
  /** `memory.rememberTool.enabled`; only an explicit `false` turns Remember off. */
  rememberEnabled?: boolean;
  /** The store affirms it can accept durable writes. */
  supportsRemember: boolean;
  /** The store affirms a local journal browse capability (Lite, Journal, BuJo). */
  supportsJournalBrowse: boolean;
  /** The store is opened read-only. */
  readOnly?: boolean;
}

/**
 * Availability facts the host knows for one run. Anything omitted counts as absent, so a tool that
 * depends on it is withheld (fail closed).
 */
export interface ToolAvailabilityContext {
  memory?: MemoryAvailability;
  /** The route is an interactive `web:<threadId>` turn whose title the web service still considers writable. */
  conversation?: { titleWritable: boolean };
  /**
   * Valid adapter config is present. `askUser` says whether structured AskUser can be served; when
   * omitted it follows `slack || telegram`.
   */
  adapters?: { slack?: boolean; telegram?: boolean; askUser?: boolean };
  /** AskCollaborator is composed into this agent. */
  collaborator?: { composed: boolean };
  /** Host-specific reasons a catalog tool cannot be served this run, keyed by canonical name. */
  unavailable?: Record<string, string>;
}
