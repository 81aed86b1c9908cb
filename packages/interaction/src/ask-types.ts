import type { AskAudience } from "./ask-audience.js";

/**
 * The channel-neutral model of an ask: a question for a person, sent to one conversation, answered once.
 * Channels (web console, CLI, Slack, Telegram) only render a {@link AskRecord} and hand an
 * {@link AskAnswer} back; the broker owns the state machine and the store.
 */

/** What is being asked: AskUser questions, an MCP form or URL elicitation, or a tool approval. */
export type AskKind = "question" | "form" | "url" | "approval";

/** `pending` until answered, expired (no answer in time) or cancelled (run ended, host restarted, ...). */
export type AskStatus = "pending" | "answered" | "expired" | "cancelled";

/** One AskUser option (a button). */
export interface AskOption {
  label: string;
  description?: string;
}

/** One AskUser question: a short header, the question, 2-3 options, optionally several may be chosen. */
export interface AskQuestion {
  header: string;
  question: string;
  options: AskOption[];
  multiSelect: boolean;
}

/** A primitive field of an MCP elicitation form (the spec's restricted JSON Schema subset). */
export interface FormField {
  type: "string" | "number" | "integer" | "boolean" | "array";
  title?: string;
  description?: string;
  default?: string | number | boolean | string[];
  enum?: string[];
  enumNames?: string[];
  oneOf?: { const: string; title?: string }[];
  items?: { enum?: string[]; anyOf?: { const: string; title?: string }[] };
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: "email" | "uri" | "date" | "date-time";
}

/** The form an MCP server requests: a flat object of primitive fields. */
export interface FormSchema {
  type: "object";
  properties: Record<string, FormField>;
  required?: string[];
}

/** Approval scopes: this call only, the rest of this run, this conversation, or always (until revoked). */
export type ApprovalScope = "once" | "run" | "conversation" | "always";

/** What an ask shows, by kind. */
export type AskPrompt =
  | { kind: "question"; message?: string; questions: AskQuestion[] }
  | { kind: "form"; serverName: string; message: string; requestedSchema: FormSchema }
  | { kind: "url"; serverName: string; message: string; url: string; elicitationId: string }
  | {
      kind: "approval";
      /** The name the model called (`Bash`, `mcp__github__delete_repo`). */
      toolName: string;
      /** A redacted, bounded preview of the arguments, for the person to judge. */
      argumentsPreview: string;
      /** SHA-256 (base64url) of the canonical arguments. */
      argumentsHash: string;
      /** Why approval is asked (the rule or annotation that matched). */
      reason: string;
      /** Scopes the person may choose. */
      scopes: ApprovalScope[];
    };

/** One AskUser answer: the labels chosen (by button, `callback`) and/or a free-text answer (`text`). */
export interface QuestionAnswer {
  header: string;
  selected: string[];
  text?: string;
}

/** The spec's three elicitation actions. */
export type ElicitationAction = "accept" | "decline" | "cancel";

/** Values a form field may carry. */
export type FormValue = string | number | boolean | string[];

/** An answer, by kind. `via` is how it came: a button (`callback`) or typed text (`text`). */
export type AskAnswer =
  | { kind: "question"; via: "text" | "callback"; answers: QuestionAnswer[] }
  | { kind: "form"; action: ElicitationAction; content?: Record<string, FormValue> }
  | { kind: "url"; action: ElicitationAction }
  | { kind: "approval"; decision: "approve" | "deny"; scope: ApprovalScope };

/** Who answered: the channel and, where the channel knows one, the person. */
export interface AnsweredBy {
  /** The channel id (`web`, `cli`, `slack`, `telegram`). */
  channel: string;
  userId?: string;
  displayName?: string;
}

/** Why an ask ended without an answer. */
export type AskCancelReason = "run_ended" | "host_restarted" | "declined_by_host" | "channel_failed";

/** One ask as stored and shown. Times are epoch milliseconds. */
export interface AskRecord {
  askId: string;
  kind: AskKind;
  runId: string;
  /** The destination conversation, as the run has it (rollover bucket included). */
  conversationId: string;
  status: AskStatus;
  prompt: AskPrompt;
  answer?: AskAnswer;
  answeredBy?: AnsweredBy;
  createdAt: number;
  /** `null` = no expiry. */
  expiresAt: number | null;
  settledAt?: number;
  cancelReason?: AskCancelReason;
  /**
   * Who may answer it (see `askAudience`); a record stored before audiences existed has none and takes an
   * answer from anyone who can reach its conversation.
   */
  audience?: AskAudience;
  /** The host process that opened it (`AskBrokerOptions.owner`), so a restart cancels only its own leftovers. */
  owner?: string;
}
