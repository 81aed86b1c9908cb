import type { AskPrompt, AskQuestion } from "./ask-types.js";

/** Questions one AskUser call may ask (reference §3.2: 1-5). */
export const ASK_USER_MAX_QUESTIONS = 5;
/** Options per question (reference §3.2: 2-3 buttons). */
export const ASK_USER_MIN_OPTIONS = 2;
export const ASK_USER_MAX_OPTIONS = 3;
/** A question's header, in characters (reference §3.2: a chip of at most 12). */
export const ASK_USER_HEADER_MAX_CHARACTERS = 12;
/** Longest question, option label, description or message, in characters: a card, not a document. */
export const ASK_USER_TEXT_MAX_CHARACTERS = 2_000;

/** The JSON Schema of AskUser's input, as the model is shown it. */
export const ASK_USER_INPUT_SCHEMA = {
  type: "object" as const,
  properties: {
    message: { type: "string", description: "Optional context shown above the questions." },
    questions: {
      type: "array",
      minItems: 1,
      maxItems: ASK_USER_MAX_QUESTIONS,
      items: {
        type: "object",
        properties: {
          header: {
            type: "string",
            maxLength: ASK_USER_HEADER_MAX_CHARACTERS,
            description: "A short label.",
          },
          question: { type: "string", description: "The question, ending with a question mark." },
          options: {
            type: "array",
            minItems: ASK_USER_MIN_OPTIONS,
            maxItems: ASK_USER_MAX_OPTIONS,
            items: {
              type: "object",
              properties: { label: { type: "string" }, description: { type: "string" } },
              required: ["label"],
              additionalProperties: false,
            },
          },
          multiSelect: { type: "boolean", description: "Whether several options may be chosen." },
        },
        required: ["header", "question", "options"],
        additionalProperties: false,
      },
    },
  },
  required: ["questions"],
  additionalProperties: false,
};

type Parsed = { ok: true; prompt: Extract<AskPrompt, { kind: "question" }> } | { ok: false; message: string };

const hasControl = (text: string) =>
  [...text].some((char) => /[\p{Cc}]/u.test(char) && char !== "\n" && char !== "\t");

/**
 * Bidirectional embedding, override and isolate controls (U+202A-U+202E, U+2066-U+2069): they make a
 * button read differently from the text it carries ("Trojan Source"), so no ask field may hold them.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/u;

/** Line breaks of any kind: a header or an option label is one line, so it cannot fake another option. */
const LINE_BREAKS = /[\n\r\u2028\u2029\u0085]/u;

function text(
  value: unknown,
  where: string,
  max: number,
  line: "single" | "multi" = "multi",
): string | { error: string } {
  if (typeof value !== "string" || value.trim() === "")
    return { error: `${where} must be a non-empty string` };
  if (value.length > max) return { error: `${where} has ${value.length} characters; at most ${max}` };
  if (line === "single" && LINE_BREAKS.test(value))
    return { error: `${where} must be one line (no line breaks)` };
  if (hasControl(value)) return { error: `${where} has control characters` };
  if (BIDI_CONTROLS.test(value))
    return { error: `${where} has bidirectional control characters (U+202A-U+202E, U+2066-U+2069)` };
  return value.trim();
}

/**
 * Checks AskUser's input against {@link ASK_USER_INPUT_SCHEMA} and the reference's bounds; the failure
 * message names the field and the accepted form.
 */
export function parseAskUserInput(input: unknown): Parsed {
  if (typeof input !== "object" || input === null || Array.isArray(input))
    return { ok: false, message: 'the input must be an object { "questions": [...] }' };
  const record = input as Record<string, unknown>;
  const unknownKey = Object.keys(record).find((key) => key !== "message" && key !== "questions");
  if (unknownKey !== undefined)
    return { ok: false, message: `unknown field "${unknownKey}"; accepted: message, questions` };
  let message: string | undefined;
  if (record.message !== undefined) {
    const checked = text(record.message, "message", ASK_USER_TEXT_MAX_CHARACTERS);
    if (typeof checked !== "string") return { ok: false, message: checked.error };
    message = checked;
  }
  const list = record.questions;
  if (!Array.isArray(list) || list.length < 1 || list.length > ASK_USER_MAX_QUESTIONS)
    return { ok: false, message: `questions must be an array of 1 to ${ASK_USER_MAX_QUESTIONS} questions` };
  const questions: AskQuestion[] = [];
  const headers = new Set<string>();
  for (const [index, item] of list.entries()) {
    const where = `questions[${index}]`;
    if (typeof item !== "object" || item === null || Array.isArray(item))
      return { ok: false, message: `${where} must be an object { header, question, options, multiSelect? }` };
    const q = item as Record<string, unknown>;
    const extra = Object.keys(q).find(
      (key) => !["header", "question", "options", "multiSelect"].includes(key),
    );
    if (extra !== undefined)
      return {
        ok: false,
        message: `${where} has unknown field "${extra}"; accepted: header, question, options, multiSelect`,
      };
    const header = text(q.header, `${where}.header`, ASK_USER_HEADER_MAX_CHARACTERS, "single");
    if (typeof header !== "string") return { ok: false, message: header.error };
    if (headers.has(header))
      return { ok: false, message: `${where}.header "${header}" repeats another header` };
    headers.add(header);
    const question = text(q.question, `${where}.question`, ASK_USER_TEXT_MAX_CHARACTERS);
    if (typeof question !== "string") return { ok: false, message: question.error };
    if (q.multiSelect !== undefined && typeof q.multiSelect !== "boolean")
      return { ok: false, message: `${where}.multiSelect must be true or false` };
    const options = q.options;
    if (
      !Array.isArray(options) ||
      options.length < ASK_USER_MIN_OPTIONS ||
      options.length > ASK_USER_MAX_OPTIONS
    )
      return {
        ok: false,
        message: `${where}.options must be an array of ${ASK_USER_MIN_OPTIONS} to ${ASK_USER_MAX_OPTIONS} { label, description? }`,
      };
    const parsedOptions = [];
    const labels = new Set<string>();
    for (const [optionIndex, option] of options.entries()) {
      const at = `${where}.options[${optionIndex}]`;
      if (typeof option !== "object" || option === null || Array.isArray(option))
        return { ok: false, message: `${at} must be an object { label, description? }` };
      const o = option as Record<string, unknown>;
      const label = text(o.label, `${at}.label`, ASK_USER_TEXT_MAX_CHARACTERS, "single");
      if (typeof label !== "string") return { ok: false, message: label.error };
      if (labels.has(label)) return { ok: false, message: `${at}.label "${label}" repeats another option` };
      labels.add(label);
      let description: string | undefined;
      if (o.description !== undefined) {
        const checked = text(o.description, `${at}.description`, ASK_USER_TEXT_MAX_CHARACTERS);
        if (typeof checked !== "string") return { ok: false, message: checked.error };
        description = checked;
      }
      parsedOptions.push(description === undefined ? { label } : { label, description });
    }
    questions.push({ header, question, options: parsedOptions, multiSelect: q.multiSelect === true });
  }
  return { ok: true, prompt: { kind: "question", ...(message !== undefined ? { message } : {}), questions } };
}
