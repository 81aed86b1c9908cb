/**
 * What a run reports while it happens, as the console reads it: the app's run event stream (the one
 * behind `mono-agent run --json`). The console records and streams these; any other event is ignored.
 */
export type WebConsoleRunEvent =
  | { type: "run_started"; runId: string; conversationId: string; model: string; tools: string[] }
  | { type: "warning"; kind: string; message: string; serverName?: string }
  | { type: "mcp_server_status"; serverName: string; status: string; message: string }
  | { type: "text_delta"; text: string }
  /** An ask of the run changed (opened, answered, expired, cancelled); the thread shows its card. */
  | { type: "ask"; askId: string; kind: string; status: string }
  | { type: "tool_started"; toolCallId: string; name: string; arguments: unknown }
  | { type: "tool_progress"; toolCallId: string; name: string; message: string }
  | { type: "progress"; key: string; message: string; state: "working" | "done" | "failed" }
  | {
      type: "tool_finished";
      toolCallId: string;
      name: string;
      isError: boolean;
      durationMs: number;
      preview: string;
    }
  | {
      type: "run_finished";
      runId: string;
      status: WebRunStatus;
      finalText: string;
      durationMs: number;
      error?: { kind: string; message: string };
    };

/** How a run settled. */
export type WebRunStatus = "succeeded" | "failed" | "cancelled";

/** What the console tells a run about the thread it serves (absent on every other request). */
export interface WebRunContext {
  /** The thread; the run's conversation id is `web:<threadId>`. */
  threadId: string;
  /** `interactive`: a person typed the message in the console; `trigger`: a schedule, webhook or continuation. */
  origin: "interactive" | "trigger";
  /** Whether the console still considers the thread's title writable (no manual lock, not archived). */
  titleWritable: boolean;
  /** Receives each valid SetConversationTitle proposal of this run; the console applies it out of band. */
  onTitleProposal?: (title: string) => void;
}

/** One run the console asks of the app: a person's message in a thread. */
export interface WebRunRequest {
  /** The person's message. */
  input: string;
  /** `web:<threadId>`. */
  conversationId: string;
  /** Always `web`: recorded with the run. */
  source: "web";
  /** Aborted by Cancel (and when the console shuts down). */
  signal: AbortSignal;
  /** The files sent with the message, for the run's request-context servers. */
  attachments?: { name: string; data: Uint8Array }[];
  onEvent: (event: WebConsoleRunEvent) => void;
  /**
   * The MCP prompt the message started with (`/server:prompt key=value …`): the run's input is the
   * prompt's messages, then `input` (the rest of the message).
   */
  mcpPrompt?: { server: string; name: string; arguments: Record<string, string> };
  web: WebRunContext;
  /**
   * Who started the run: the console's operator (`{ channel: "web" }`) on a person's message, absent on a
   * trigger's turn. The run's asks and approvals go to this person (see `interaction.answerers`).
   */
  startedBy?: { channel: "web" };
}

/** How a run ended, as far as the console needs to know. */
export interface WebRunResult {
  status: WebRunStatus;
  finalText: string;
  error?: { message: string };
}

/** A continuation delivered into a conversation after its run ended. */
export interface WebDelivered {
  deliveryId: string;
  conversationId: string;
}

/**
 * The narrow interface of the app the console serves: the host (`mono-agent serve`, or any other)
 * passes it in, and the console never reaches past it.
 */
export interface WebConsoleApp {
  /** Runs the agent for one message; events stream through `request.onEvent`. */
  run(request: WebRunRequest): Promise<WebRunResult>;
  /** When present, a continuation delivered into a `web:` thread refreshes it live. Returns the unsubscribe. */
  onContinuationDelivered?(listener: (delivery: WebDelivered) => void): () => void;
}
