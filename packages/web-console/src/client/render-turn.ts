/// <reference lib="dom" />
import type { WebDeliveryView } from "../web-features.js";
import type { WebToolCall, WebTurn } from "../web-thread-types.js";
import { renderMarkdown } from "./render-markdown.js";

/** Create an element with a class and text. */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function pretty(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? "";
  } catch {
    return String(value);
  }
}

function toolLine(call: WebToolCall): string {
  const duration = call.durationMs === null ? "" : ` · ${call.durationMs} ms`;
  return `${call.name} · ${call.status}${duration}`;
}

/** One tool call: a collapsed line (name, status, duration) opening to arguments, result and notes. */
export function renderToolCall(call: WebToolCall, turnId: string): HTMLLIElement {
  const item = element("li", `tool ${call.status}`);
  const details = element("details");
  details.dataset["key"] = `${turnId}/${call.toolCallId}`;
  const summary = element("summary", "tool-line", toolLine(call));
  details.append(summary);
  details.append(
    element("div", "label", "Arguments"),
    element("pre", "tool-arguments", pretty(call.arguments)),
  );
  if (call.progress) details.append(element("div", "label", `Progress: ${call.progress}`));
  if (call.resultPreview !== null)
    details.append(
      element("div", "label", "Result"),
      element("pre", "tool-result", call.resultPreview || "(empty)"),
    );
  if (call.note) details.append(element("p", "note", call.note));
  item.append(details);
  return item;
}

/** The turn's Activity disclosure: collapsed, listing its tool calls. Undefined when it made none. */
export function renderActivity(turn: WebTurn): HTMLDetailsElement | undefined {
  if (turn.toolCalls.length === 0) return undefined;
  const details = element("details", "activity");
  details.dataset["key"] = `${turn.turnId}/activity`;
  const count = turn.toolCalls.length;
  details.append(element("summary", undefined, `Activity · ${count} tool call${count === 1 ? "" : "s"}`));
  const list = element("ul");
  for (const call of turn.toolCalls) list.append(renderToolCall(call, turn.turnId));
  details.append(list);
  return details;
}

const STATUS_TEXT: Record<WebTurn["status"], string> = {
  running: "Working…",
  succeeded: "",
  failed: "Failed",
  cancelled: "Cancelled",
  interrupted: "Interrupted: the console stopped during this turn",
};

/** One turn: the person's message, the assistant's answer, its activity and how it ended. */
export function renderTurn(turn: WebTurn): HTMLLIElement {
  const item = element("li", "turn");
  item.dataset["turnId"] = turn.turnId;
  const user = element("div", "message user", turn.userText);
  if (turn.attachments.length > 0) {
    const files = element("ul", "attachments");
    files.setAttribute("aria-label", "Attached files");
    for (const file of turn.attachments)
      files.append(element("li", undefined, `${file.name} (${size(file.bytes)})`));
    user.append(files);
  }
  item.append(user);
  const answer = element("div", "message assistant markdown");
  renderMarkdown(answer, turn.assistantText);
  answer.dataset["role"] = "assistant";
  if (turn.assistantText === "" && turn.status !== "running") answer.hidden = true;
  item.append(answer);
  const activity = renderActivity(turn);
  if (activity) item.append(activity);
  const status = STATUS_TEXT[turn.status];
  if (status || turn.error) {
    const line = element(
      "div",
      `turn-status ${turn.status}`,
      [status, turn.error].filter(Boolean).join(": "),
    );
    item.append(line);
  }
  return item;
}

/** A byte count for people: `812 B`, `14 KB`, `3.2 MB`. */
export function size(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** A continuation result that arrived after its run: an assistant message with where it came from. */
export function renderDelivery(delivery: WebDeliveryView): HTMLLIElement {
  const item = element("li", "turn delivery");
  item.dataset["deliveryId"] = delivery.deliveryId;
  const when = new Date(delivery.deliveredAtMs).toLocaleString();
  item.append(element("div", "delivery-label", `Result delivered later · ${when}`));
  const answer = element("div", "message assistant markdown");
  renderMarkdown(answer, delivery.text);
  item.append(answer);
  return item;
}
