import { userInfo } from "node:os";
import { createInterface, type Interface } from "node:readline/promises";
import {
  type AnsweredBy,
  type ApprovalScope,
  type AskAnswer,
  type AskChannel,
  type AskRecord,
  type FormField,
  type FormValue,
  InteractionError,
} from "../index.js";

/** Tries a person gets to give a valid answer to one prompt line before the ask is cancelled. */
export const TERMINAL_ANSWER_ATTEMPTS = 5;

/** Options of {@link createTerminalAskChannel}. */
export interface TerminalAskChannelOptions {
  input: NodeJS.ReadableStream & { isTTY?: boolean };
  output: NodeJS.WritableStream;
  /** Where answers go: `broker.answer`. */
  answer: (askId: string, answer: AskAnswer, answeredBy: AnsweredBy) => void;
  /** Cancels an ask the person walked away from (input closed). */
  cancel: (askId: string) => void;
}

const SCOPE_KEYS: Record<string, ApprovalScope> = { y: "once", r: "run", c: "conversation", a: "always" };

function parseField(field: FormField, text: string): FormValue | undefined | Error {
  const trimmed = text.trim();
  if (trimmed === "") return field.default;
  const choices = field.enum ?? field.oneOf?.map((item) => item.const);
  if (field.type === "boolean") {
    if (/^(y|yes|true|1)$/i.test(trimmed)) return true;
    if (/^(n|no|false|0)$/i.test(trimmed)) return false;
    return new Error("answer y or n");
  }
  if (field.type === "number" || field.type === "integer") {
    const value = Number(trimmed);
    return Number.isFinite(value) ? value : new Error("answer a number");
  }
  if (field.type === "array") {
    const allowed = field.items?.enum ?? field.items?.anyOf?.map((item) => item.const) ?? [];
    return trimmed.split(",").map((part) => {
      const index = Number(part.trim());
      return Number.isInteger(index) && allowed[index - 1] !== undefined
        ? (allowed[index - 1] as string)
        : part.trim();
    });
  }
  if (choices) {
    const index = Number(trimmed);
    if (Number.isInteger(index) && choices[index - 1] !== undefined) return choices[index - 1] as string;
  }
  return trimmed;
}

/**
 * The CLI's ask channel (`cli:` conversations): prompts on the terminal, one ask at a time. It can
 * answer only when stdin is a TTY; without one every ask fails closed (`no_channel`) before it is shown.
 */
export function createTerminalAskChannel(options: TerminalAskChannelOptions): AskChannel {
  const by: AnsweredBy = { channel: "cli", userId: safeUserName() };
  const write = (text: string) => options.output.write(text);
  let open: Interface | undefined;
  const ask = async (rl: Interface, question: string) => rl.question(question);
  const answerWith = async (rl: Interface, record: AskRecord) => {
    const prompt = record.prompt;
    if (prompt.kind === "question") {
      if (prompt.message) write(`\n${prompt.message}\n`);
      const answers = [];
      for (const question of prompt.questions) {
        write(`\n[${question.header}] ${question.question}\n`);
        for (const [index, option] of question.options.entries())
          write(`  ${index + 1}. ${option.label}${option.description ? ` - ${option.description}` : ""}\n`);
        const hint = question.multiSelect
          ? "numbers separated by commas, or type an answer"
          : "a number, or type an answer";
        const line = (await ask(rl, `> (${hint}) `)).trim();
        const parts = line.split(",").map((part) => part.trim());
        const numbers = parts.map(Number);
        if (line !== "" && numbers.every((n) => Number.isInteger(n) && question.options[n - 1] !== undefined))
          answers.push({
            header: question.header,
            selected: numbers.map((n) => question.options[n - 1]!.label),
          });
        else answers.push({ header: question.header, selected: [], text: line });
      }
      return { kind: "question" as const, via: "text" as const, answers };
    }
    if (prompt.kind === "form") {
      write(`\n${prompt.serverName} asks: ${prompt.message}\n`);
      const content: Record<string, FormValue> = {};
      for (const [name, field] of Object.entries(prompt.requestedSchema.properties ?? {})) {
        const choices = field.enum ?? field.oneOf?.map((item) => item.const);
        for (const [index, choice] of (choices ?? []).entries()) write(`  ${index + 1}. ${choice}\n`);
        const label = `${field.title ?? name}${field.description ? ` (${field.description})` : ""}`;
        const shown = field.default !== undefined ? ` [${String(field.default)}]` : "";
        const value = parseField(field, await ask(rl, `${label}${shown}: `));
        if (value instanceof Error)
          throw new InteractionError("invalid_answer", `"${name}": ${value.message}`);
        if (value !== undefined) content[name] = value;
      }
      const action = (await ask(rl, "Send? [Y]es / [d]ecline / [c]ancel: ")).trim().toLowerCase();
      if (action.startsWith("d")) return { kind: "form" as const, action: "decline" as const };
      if (action.startsWith("c")) return { kind: "form" as const, action: "cancel" as const };
      return { kind: "form" as const, action: "accept" as const, content };
    }
    if (prompt.kind === "url") {
      write(`\n${prompt.serverName} asks: ${prompt.message}\nOpen: ${prompt.url}\n`);
      const action = (await ask(rl, "Press Enter when done, d to decline, c to cancel: "))
        .trim()
        .toLowerCase();
      if (action.startsWith("d")) return { kind: "url" as const, action: "decline" as const };
      if (action.startsWith("c")) return { kind: "url" as const, action: "cancel" as const };
      return { kind: "url" as const, action: "accept" as const };
    }
    write(`\nApprove ${prompt.toolName}? (${prompt.reason})\n${prompt.argumentsPreview}\n`);
    const keys = Object.entries(SCOPE_KEYS).filter(([, scope]) => prompt.scopes.includes(scope));
    const menu = keys.map(([key, scope]) => `[${key}] ${scope}`).join(" / ");
    const line = (await ask(rl, `${menu} / [N]o: `)).trim().toLowerCase();
    const scope = SCOPE_KEYS[line.slice(0, 1)];
    if (scope === undefined || !prompt.scopes.includes(scope))
      return { kind: "approval" as const, decision: "deny" as const, scope: prompt.scopes[0] ?? "once" };
    return { kind: "approval" as const, decision: "approve" as const, scope };
  };
  const run = async (record: AskRecord) => {
    const rl = createInterface({ input: options.input, output: options.output, terminal: true });
    open = rl;
    let closed = false;
    rl.once("close", () => {
      closed = true;
    });
    try {
      for (let attempt = 1; attempt <= TERMINAL_ANSWER_ATTEMPTS; attempt++) {
        try {
          options.answer(record.askId, await answerWith(rl, record), by);
          return;
        } catch (error) {
          if (closed) break;
          if (!InteractionError.isInstance(error) || error.code !== "invalid_answer") return;
          write(`${error.message}; try again.\n`);
        }
      }
      options.cancel(record.askId);
    } finally {
      open = undefined;
      rl.close();
    }
  };
  return {
    id: "cli",
    canAnswer: () => options.input.isTTY === true,
    present(record) {
      void run(record).catch(() => options.cancel(record.askId));
    },
    update(record) {
      if (record.status === "expired") {
        write("\n(the question expired)\n");
        open?.close();
      }
    },
    cancel() {
      open?.close();
    },
  };
}

function safeUserName(): string {
  try {
    return userInfo().username;
  } catch {
    return "terminal";
  }
}
