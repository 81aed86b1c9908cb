/// <reference lib="dom" />
import type { AskAnswer, AskRecord, FormField, FormValue } from "@mono-agent/interaction";
import { element } from "./render-turn.js";

/** Sends an answer for an ask of the open thread. */
export type SendAnswer = (askId: string, answer: AskAnswer) => void;

const SCOPE_LABELS: Record<string, string> = {
  once: "Approve once",
  run: "Approve for this run",
  conversation: "Approve for this conversation",
  always: "Always approve",
};

function button(text: string, onClick: () => void, className = ""): HTMLButtonElement {
  const node = element("button", className, text);
  node.type = "button";
  node.addEventListener("click", onClick);
  return node;
}

function describeAnswer(ask: AskRecord): string {
  const answer = ask.answer;
  if (answer === undefined) return "";
  if (answer.kind === "question")
    return answer.answers
      .map(
        (item) =>
          `${item.header}: ${[...item.selected, ...(item.text ? [`"${item.text}"`] : [])].join(", ")}`,
      )
      .join(" · ");
  if (answer.kind === "form")
    return answer.action === "accept" ? `sent ${JSON.stringify(answer.content ?? {})}` : answer.action;
  if (answer.kind === "url") return answer.action === "accept" ? "done" : answer.action;
  return answer.decision === "approve" ? `approved (${answer.scope})` : "denied";
}

function settledLine(ask: AskRecord): HTMLElement {
  const who = ask.answeredBy?.displayName ?? ask.answeredBy?.userId ?? ask.answeredBy?.channel ?? "";
  const text =
    ask.status === "answered"
      ? `Answered by ${who}: ${describeAnswer(ask)}`
      : ask.status === "expired"
        ? "Expired: no answer in time."
        : `Cancelled (${ask.cancelReason ?? "cancelled"}).`;
  const line = element("p", "ask-outcome", text);
  line.dataset["role"] = "ask-outcome";
  return line;
}

function questionControls(ask: AskRecord, send: SendAnswer): HTMLElement[] {
  if (ask.prompt.kind !== "question") return [];
  const picks = ask.prompt.questions.map(() => new Set<string>());
  const texts: HTMLInputElement[] = [];
  const parts: HTMLElement[] = ask.prompt.questions.map((question, index) => {
    const set = element("fieldset", "ask-question");
    set.append(element("legend", "", `${question.header}: ${question.question}`));
    const chosen = picks[index] as Set<string>;
    for (const option of question.options) {
      const choice = button(
        option.label,
        () => {
          if (!question.multiSelect) {
            chosen.clear();
            for (const other of set.querySelectorAll("button")) other.setAttribute("aria-pressed", "false");
          }
          if (chosen.has(option.label)) chosen.delete(option.label);
          else chosen.add(option.label);
          choice.setAttribute("aria-pressed", String(chosen.has(option.label)));
        },
        "ask-option",
      );
      choice.setAttribute("aria-pressed", "false");
      if (option.description) choice.title = option.description;
      set.append(choice);
    }
    if (question.multiSelect) set.append(element("span", "hint", "choose any"));
    const text = element("input", "ask-text");
    text.placeholder = "or type an answer";
    text.setAttribute("aria-label", `${question.header}: your own answer`);
    texts.push(text);
    set.append(text);
    return set;
  });
  parts.push(
    button(
      "Send answers",
      () =>
        send(ask.askId, {
          kind: "question",
          via: texts.some((text) => text.value.trim() !== "") ? "text" : "callback",
          answers:
            ask.prompt.kind === "question"
              ? ask.prompt.questions.map((question, index) => ({
                  header: question.header,
                  selected: [...(picks[index] as Set<string>)],
                  ...(texts[index]?.value.trim() ? { text: texts[index].value.trim() } : {}),
                }))
              : [],
        }),
      "ask-send",
    ),
  );
  return parts;
}

function fieldInput(name: string, field: FormField): HTMLInputElement | HTMLSelectElement {
  const choices = field.enum ?? field.oneOf?.map((item) => item.const);
  if (choices) {
    const select = element("select");
    for (const choice of choices) {
      const option = element("option", "", choice);
      option.value = choice;
      select.append(option);
    }
    if (typeof field.default === "string") select.value = field.default;
    select.name = name;
    return select;
  }
  const input = element("input");
  input.name = name;
  if (field.type === "boolean") {
    input.type = "checkbox";
    input.checked = field.default === true;
    return input;
  }
  if (field.type === "number" || field.type === "integer") {
    input.type = "number";
    input.step = field.type === "integer" ? "1" : "any";
    if (field.minimum !== undefined) input.min = String(field.minimum);
    if (field.maximum !== undefined) input.max = String(field.maximum);
  } else {
    input.type =
      field.format === "email"
        ? "email"
        : field.format === "uri"
          ? "url"
          : field.format === "date"
            ? "date"
            : "text";
    if (field.minLength !== undefined) input.minLength = field.minLength;
    if (field.maxLength !== undefined) input.maxLength = field.maxLength;
  }
  if (field.default !== undefined) input.value = String(field.default);
  return input;
}

function formControls(ask: AskRecord, send: SendAnswer): HTMLElement[] {
  if (ask.prompt.kind !== "form") return [];
  const schema = ask.prompt.requestedSchema;
  const form = element("form", "ask-form");
  const inputs: [string, FormField, HTMLInputElement | HTMLSelectElement][] = [];
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    const label = element("label", "ask-field");
    label.append(
      element("span", "", `${field.title ?? name}${field.description ? ` (${field.description})` : ""}`),
    );
    const input = fieldInput(name, field);
    if (schema.required?.includes(name)) input.required = true;
    label.append(input);
    form.append(label);
    inputs.push([name, field, input]);
  }
  const accept = () => {
    if (!form.reportValidity()) return;
    const content: Record<string, FormValue> = {};
    for (const [name, field, input] of inputs) {
      if (field.type === "boolean") content[name] = (input as HTMLInputElement).checked;
      else if (input.value === "") continue;
      else if (field.type === "number" || field.type === "integer") content[name] = Number(input.value);
      else content[name] = input.value;
    }
    send(ask.askId, { kind: "form", action: "accept", content });
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    accept();
  });
  form.append(
    button("Submit", accept, "ask-send"),
    button("Decline", () => send(ask.askId, { kind: "form", action: "decline" })),
    button("Cancel", () => send(ask.askId, { kind: "form", action: "cancel" })),
  );
  return [form];
}

function urlControls(ask: AskRecord, send: SendAnswer): HTMLElement[] {
  if (ask.prompt.kind !== "url") return [];
  const link = element("a", "ask-link", ask.prompt.url);
  link.href = ask.prompt.url;
  link.target = "_blank";
  link.rel = "noopener noreferrer";
  return [
    link,
    button("Done", () => send(ask.askId, { kind: "url", action: "accept" }), "ask-send"),
    button("Decline", () => send(ask.askId, { kind: "url", action: "decline" })),
  ];
}

function approvalControls(ask: AskRecord, send: SendAnswer): HTMLElement[] {
  if (ask.prompt.kind !== "approval") return [];
  const prompt = ask.prompt;
  return [
    element("p", "hint", prompt.reason),
    element("pre", "tool-arguments", prompt.argumentsPreview),
    ...prompt.scopes.map((scope) =>
      button(
        SCOPE_LABELS[scope] ?? scope,
        () => send(ask.askId, { kind: "approval", decision: "approve", scope }),
        "ask-send",
      ),
    ),
    button(
      "Deny",
      () => send(ask.askId, { kind: "approval", decision: "deny", scope: prompt.scopes[0] ?? "once" }),
      "ask-deny",
    ),
  ];
}

function titleOf(ask: AskRecord): string {
  const prompt = ask.prompt;
  if (prompt.kind === "question") return prompt.message ?? "The agent asks";
  if (prompt.kind === "approval") return `Approve ${prompt.toolName}?`;
  return `${prompt.serverName} asks: ${prompt.message}`;
}

/** One ask as a card in the thread: the controls while pending, then who answered what (or why not). */
export function renderAsk(ask: AskRecord, send: SendAnswer): HTMLLIElement {
  const item = element("li", `ask ${ask.kind} ${ask.status}`);
  item.dataset["askId"] = ask.askId;
  item.dataset["status"] = ask.status;
  item.append(element("div", "ask-title", titleOf(ask)));
  if (ask.status !== "pending") {
    if (ask.prompt.kind === "question")
      for (const question of ask.prompt.questions)
        item.append(element("div", "hint", `${question.header}: ${question.question}`));
    item.append(settledLine(ask));
    return item;
  }
  const controls =
    ask.kind === "question"
      ? questionControls(ask, send)
      : ask.kind === "form"
        ? formControls(ask, send)
        : ask.kind === "url"
          ? urlControls(ask, send)
          : approvalControls(ask, send);
  item.append(...controls);
  return item;
}
