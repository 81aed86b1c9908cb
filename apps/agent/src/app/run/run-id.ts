/** Run ids (SPEC §0): the rule and the generator live in @mono-agent/ids. */
export { createRunId, RUN_ID_PATTERN } from "@mono-agent/ids";
