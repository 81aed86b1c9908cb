import type { AskAnswer, AskPrompt, FormField, FormSchema, FormValue } from "./ask-types.js";
import { InteractionError } from "./interaction-error.js";

/** Longest free-text answer, in characters: a reply, not an upload. */
export const ANSWER_TEXT_MAX_CHARACTERS = 4_000;

const invalid = (message: string) => new InteractionError("invalid_answer", message);

const optionValues = (field: FormField): string[] | undefined =>
  field.enum ?? field.oneOf?.map((item) => item.const);

/** Checks one form value against its field; returns the problem, or undefined when it fits. */
export function checkFormValue(name: string, field: FormField, value: FormValue): string | undefined {
  if (field.type === "boolean")
    return typeof value === "boolean" ? undefined : `"${name}" must be true or false`;
  if (field.type === "number" || field.type === "integer") {
    if (typeof value !== "number" || !Number.isFinite(value)) return `"${name}" must be a number`;
    if (field.type === "integer" && !Number.isInteger(value)) return `"${name}" must be a whole number`;
    if (field.minimum !== undefined && value < field.minimum)
      return `"${name}" must be at least ${field.minimum}`;
    if (field.maximum !== undefined && value > field.maximum)
      return `"${name}" must be at most ${field.maximum}`;
    return undefined;
  }
  if (field.type === "array") {
    const allowed = field.items?.enum ?? field.items?.anyOf?.map((item) => item.const);
    if (!Array.isArray(value) || value.some((item) => typeof item !== "string"))
      return `"${name}" must be a list of choices`;
    if (allowed && value.some((item) => !allowed.includes(item)))
      return `"${name}" accepts only ${allowed.map((item) => JSON.stringify(item)).join(", ")}`;
    if (field.minItems !== undefined && value.length < field.minItems)
      return `"${name}" needs at least ${field.minItems} choices`;
    if (field.maxItems !== undefined && value.length > field.maxItems)
      return `"${name}" takes at most ${field.maxItems} choices`;
    return undefined;
  }
  if (typeof value !== "string") return `"${name}" must be text`;
  const choices = optionValues(field);
  if (choices && !choices.includes(value))
    return `"${name}" must be one of ${choices.map((item) => JSON.stringify(item)).join(", ")}`;
  if (field.minLength !== undefined && value.length < field.minLength)
    return `"${name}" needs at least ${field.minLength} characters`;
  if (value.length > (field.maxLength ?? ANSWER_TEXT_MAX_CHARACTERS))
    return `"${name}" takes at most ${field.maxLength ?? ANSWER_TEXT_MAX_CHARACTERS} characters`;
  if (field.format === "email" && !/^[^\s@]+@[^\s@]+$/.test(value))
    return `"${name}" must be an email address`;
  if (field.format === "uri" && !URL.canParse(value)) return `"${name}" must be a URL`;
  if (field.format === "date" && !/^\d{4}-\d{2}-\d{2}$/.test(value))
    return `"${name}" must be a date YYYY-MM-DD`;
  if (field.format === "date-time" && Number.isNaN(Date.parse(value)))
    return `"${name}" must be a date and time`;
  return undefined;
}

/** Checks accepted form content: every required field present, every value fits, no unknown field. */
export function checkFormContent(schema: FormSchema, content: Record<string, FormValue>): string | undefined {
  for (const name of Object.keys(content)) {
    const field = schema.properties[name];
    if (field === undefined)
      return `unknown field "${name}"; the form has ${Object.keys(schema.properties).join(", ")}`;
    const problem = checkFormValue(name, field, content[name] as FormValue);
    if (problem) return problem;
  }
  const missing = (schema.required ?? []).find(
    (name) => !(name in content) && schema.properties[name]?.default === undefined,
  );
  return missing === undefined ? undefined : `"${missing}" is required`;
}

/** Throws `invalid_answer` unless the answer fits the prompt: the right kind, known options, valid form. */
export function checkAnswer(prompt: AskPrompt, answer: AskAnswer): void {
  if (answer.kind !== prompt.kind)
    throw invalid(`this ask takes a ${prompt.kind} answer, not ${answer.kind}`);
  if (prompt.kind === "question" && answer.kind === "question") {
    if (answer.answers.length !== prompt.questions.length)
      throw invalid(`answer each of the ${prompt.questions.length} questions`);
    for (const [index, question] of prompt.questions.entries()) {
      const given = answer.answers[index];
      if (given === undefined || given.header !== question.header)
        throw invalid(`answers[${index}] must answer "${question.header}"`);
      const labels = question.options.map((option) => option.label);
      const unknown = given.selected.find((label) => !labels.includes(label));
      if (unknown !== undefined) throw invalid(`"${unknown}" is not an option of "${question.header}"`);
      if (!question.multiSelect && given.selected.length > 1)
        throw invalid(`"${question.header}" takes one option`);
      const typed = given.text?.trim() ?? "";
      if (typed.length > ANSWER_TEXT_MAX_CHARACTERS)
        throw invalid(`a text answer takes at most ${ANSWER_TEXT_MAX_CHARACTERS} characters`);
      if (given.selected.length === 0 && typed === "")
        throw invalid(`"${question.header}" needs an option or a text answer`);
    }
    return;
  }
  if (prompt.kind === "form" && answer.kind === "form") {
    if (answer.action !== "accept") {
      if (answer.content !== undefined) throw invalid("only an accepted form carries content");
      return;
    }
    const problem = checkFormContent(prompt.requestedSchema, answer.content ?? {});
    if (problem) throw invalid(problem);
    return;
  }
  if (prompt.kind === "approval" && answer.kind === "approval") {
    if (!prompt.scopes.includes(answer.scope))
      throw invalid(`scope "${answer.scope}" is not offered; choose ${prompt.scopes.join(", ")}`);
  }
}
