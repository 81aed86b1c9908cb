export {
  type ApprovalCall,
  type ApprovalHost,
  type ApprovalRun,
  type ApprovalVerdict,
  askApproval,
} from "./ask-approval.js";
export {
  type AnswerersRules,
  type AskAudience,
  askAudience,
  DEFAULT_ANSWERERS,
} from "./ask-audience.js";
export {
  type AskBroker,
  type AskBrokerOptions,
  type BrokerClock,
  createAskBroker,
  MAX_TIMER_MS,
  type OpenAskInput,
} from "./ask-broker.js";
export type { AskChannel } from "./ask-channel.js";
export { type AskEvent, askEvent } from "./ask-event.js";
export type {
  ApprovalLookup,
  ApprovalRecord,
  ApprovalStore,
  AskSettlement,
  AskStore,
  InteractionStore,
} from "./ask-store.js";
export type {
  AnsweredBy,
  ApprovalScope,
  AskAnswer,
  AskCancelReason,
  AskKind,
  AskOption,
  AskPrompt,
  AskQuestion,
  AskRecord,
  AskStatus,
  ElicitationAction,
  FormField,
  FormSchema,
  FormValue,
  QuestionAnswer,
} from "./ask-types.js";
export { ANSWER_TEXT_MAX_CHARACTERS, checkAnswer, checkFormContent, checkFormValue } from "./check-answer.js";
export {
  type ApprovalGateContext,
  type ApprovalToolInfo,
  createApprovalGate,
} from "./create-approval-gate.js";
export {
  type ApprovalNeed,
  type ApprovalRules,
  type ApprovalSubject,
  decideApproval,
  hashToolArguments,
} from "./decide-approval.js";
export { describeAsk } from "./describe-ask.js";
export { InteractionError, type InteractionErrorCode } from "./interaction-error.js";
export {
  ASK_USER_HEADER_MAX_CHARACTERS,
  ASK_USER_INPUT_SCHEMA,
  ASK_USER_MAX_OPTIONS,
  ASK_USER_MAX_QUESTIONS,
  ASK_USER_MIN_OPTIONS,
  ASK_USER_TEXT_MAX_CHARACTERS,
  parseAskUserInput,
} from "./parse-ask-user-input.js";
