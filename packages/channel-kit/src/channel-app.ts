/** A file a user sent with a message, as the run stages it for the request-context servers. */
export interface ChannelAttachment {
  name: string;
  data: Uint8Array;
}

/** The events of a run a channel shows (a subset of the app's run events). */
export type ChannelRunEvent =
  | { type: "text_delta"; text: string }
  | { type: "tool_started"; toolCallId: string; name: string }
  | { type: "tool_finished"; toolCallId: string; name: string; isError: boolean }
  | { type: string };

/** The person whose message started a run: the channel and the platform's user id. */
export interface ChannelPerson {
  /** `slack`, `telegram`. */
  channel: string;
  userId: string;
  /** The name people and the model see for this person (`<@U…>`, `@jane`). */
  displayName?: string;
}

/** One run request a channel makes of the app. */
export interface ChannelRunRequest {
  input: string;
  /** The physical conversation id (with the rollover bucket where configured). */
  conversationId: string;
  /** `slack`, `telegram`. */
  source: string;
  attachments?: ChannelAttachment[];
  /** Who sent the message: the run's asks and approvals go to this person (see `interaction.answerers`). */
  startedBy?: ChannelPerson;
  onEvent?: (event: ChannelRunEvent) => void;
  signal?: AbortSignal;
}

/** How a channel's run ended. */
export interface ChannelRunResult {
  runId: string;
  status: string;
  finalText: string;
  error?: { kind: string; message: string };
}

/**
 * The narrow app a channel needs: `run` one request. apps/agent passes its app in; a channel never imports
 * apps/agent.
 */
export interface ChannelApp {
  run(request: ChannelRunRequest): Promise<ChannelRunResult>;
}
