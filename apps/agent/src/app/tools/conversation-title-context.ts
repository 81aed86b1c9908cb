/**
 * What the web console tells a run about the thread it serves, so app-tool providers can decide what to
 * offer (SetConversationTitle) and where a title proposal goes. Absent on every other request.
 */
export interface WebRunContext {
  /** The thread; the run's conversation id is `web:<threadId>`. */
  threadId: string;
  /** `interactive`: a person typed the message in the console; `trigger`: a schedule, webhook or continuation. */
  origin: "interactive" | "trigger";
  /** Whether the web service still considers the thread's title writable (no manual lock, not archived). */
  titleWritable: boolean;
  /** Receives each valid SetConversationTitle proposal of this run; the service applies it out of band. */
  onTitleProposal?: (title: string) => void;
}
