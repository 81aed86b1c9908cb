import * as z from "zod";

/**
 * A person the answerer rules name: `slack:<user id>` (`slack:U0123ABCD`), `telegram:<user id>`
 * (`telegram:123456789`), `web` (the web console's operator) or `cli` (the person at the terminal).
 */
export const PERSON_ID_PATTERN = /^(slack:[UW][A-Z0-9]{2,20}|telegram:[1-9]\d{0,15}|web|cli)$/;

const PERSON_ID_FORM =
  'expected a person such as "slack:U0123ABCD" (a Slack user id), "telegram:123456789" (a Telegram user id), "web" (the web console operator) or "cli" (the person at the terminal)';

const personIdSchema = z.string().regex(PERSON_ID_PATTERN, { error: PERSON_ID_FORM });

/**
 * `interaction.answerers`: who may answer asks (AskUser, MCP elicitation) and decide tool approvals, on
 * every channel. The default is the person whose message started the run; a run no person started (a
 * trigger) has no asker, so its asks and approvals go to `approvers` or fail closed.
 */
export const answerersSchema = z
  .strictObject({
    asks: z
      .union([
        z.enum(["asker", "anyone"]),
        z
          .array(z.union([z.literal("asker"), personIdSchema]))
          .min(1, { error: 'name at least one person, or use "asker" or "anyone"' }),
      ])
      .default("asker")
      .describe(
        'Who answers AskUser questions and MCP forms: "asker" (the person whose message started the run), "anyone" (anyone in the chat who can see the card), or a list of people ("slack:U…", "telegram:<id>", "web", "cli"; "asker" in the list adds the asker). A run no person started sends "asker" to the approvers. Default "asker".',
      ),
    approvers: z
      .array(personIdSchema)
      .default([])
      .describe(
        'People who may decide tool approvals (and answer the asks of runs no person started): "slack:U0123ABCD", "telegram:123456789", "web" (the web console operator), "cli". Default [].',
      ),
    askerApproves: z
      .boolean()
      .default(true)
      .describe(
        "Whether the person who started the run may decide its tool approvals too; false = only the approvers. Default true.",
      ),
  })
  .describe(
    "Who may answer asks and decide approvals: never whoever presses first. A refused press is told why and the card stays open.",
  );

/** `interaction.answerers` after defaults. */
export type AnswerersConfig = z.output<typeof answerersSchema>;
