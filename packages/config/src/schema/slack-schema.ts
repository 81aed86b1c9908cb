import * as z from "zod";
import { envReferenceSchema } from "./env-reference-schema.js";
import { portSchema } from "./interaction-schema.js";

/** A Slack conversation id: public `C…`, private `G…` (older workspaces), upper-case letters and digits. */
export const SLACK_CHANNEL_ID_PATTERN = /^[CG][A-Z0-9]{2,20}$/;

/** Default port of Slack's HTTP events endpoint (Bolt's own default). */
export const DEFAULT_SLACK_HTTP_PORT = 3000;

const secretReference = (what: string, example: string) =>
  envReferenceSchema.describe(
    `${what}, read from the host environment: { "$env": "${example}" } (a literal token is refused: it would sit in the file).`,
  );

export const slackSchema = z
  .strictObject({
    mode: z
      .enum(["socket", "http"])
      .default("socket")
      .describe(
        '"socket": Socket Mode over an app-level token (no public URL needed); "http": signed HTTP events, for deployments behind a load balancer. Default "socket".',
      ),
    botToken: secretReference("Bot token (xoxb-…)", "SLACK_BOT_TOKEN"),
    appToken: secretReference(
      "App-level token (xapp-…, scope connections:write) for Socket Mode",
      "SLACK_APP_TOKEN",
    ).optional(),
    signingSecret: secretReference(
      "Signing secret of the app, for HTTP mode",
      "SLACK_SIGNING_SECRET",
    ).optional(),
    http: z
      .strictObject({
        host: z
          .string()
          .min(1)
          .default("127.0.0.1")
          .describe('Address the events endpoint binds. Default "127.0.0.1".'),
        port: portSchema
          .default(DEFAULT_SLACK_HTTP_PORT)
          .describe("Port of the events endpoint. Default 3000."),
        path: z
          .string()
          .regex(/^\/[A-Za-z0-9/_-]*$/, { error: 'expected a path such as "/slack/events"' })
          .default("/slack/events")
          .describe(
            'Path of the events endpoint (the Request URL in the app manifest). Default "/slack/events".',
          ),
      })
      .prefault({})
      .describe("The HTTP events endpoint (mode http)."),
    allowedChannelIds: z
      .array(
        z
          .string()
          .regex(SLACK_CHANNEL_ID_PATTERN, { error: 'expected a Slack channel id such as "C0123ABCD"' }),
      )
      .default([])
      .describe(
        "Channels the agent answers and SlackSendMessage may post to. A mention anywhere else starts no run.",
      ),
    allowAllChannels: z
      .boolean()
      .default(false)
      .describe(
        "Answer and post in every channel the app is in (instead of allowedChannelIds). Default false.",
      ),
    allowDirectMessages: z
      .boolean()
      .default(false)
      .describe("Answer direct messages to the app (and its assistant threads). Default false."),
    apiUrl: z
      .url({ protocol: /^https?$/, error: "expected an http(s) URL such as https://slack.com/api/" })
      .default("https://slack.com/api/")
      .describe('Base URL of the Slack Web API. Default "https://slack.com/api/".'),
    suggestedPrompts: z
      .array(z.strictObject({ title: z.string().min(1).max(75), message: z.string().min(1).max(2000) }))
      .max(4)
      .default([])
      .describe("Up to 4 prompts offered when a user opens an assistant thread with the app."),
  })
  .superRefine((slack, context) => {
    if (slack.mode === "socket" && slack.appToken === undefined)
      context.addIssue({
        code: "custom",
        path: ["appToken"],
        message:
          'mode "socket" needs appToken: { "$env": "SLACK_APP_TOKEN" } (an xapp- token), or set mode "http"',
      });
    if (slack.mode === "http" && slack.signingSecret === undefined)
      context.addIssue({
        code: "custom",
        path: ["signingSecret"],
        message: 'mode "http" needs signingSecret: { "$env": "SLACK_SIGNING_SECRET" }',
      });
    if (slack.allowedChannelIds.length === 0 && !slack.allowAllChannels && !slack.allowDirectMessages)
      context.addIssue({
        code: "custom",
        path: ["allowedChannelIds"],
        message:
          "no channel would be answered: list channel ids in allowedChannelIds, or set allowAllChannels or allowDirectMessages to true",
      });
  })
  .describe("The Slack channel (mono-agent serve): the agent as a team bot in threads, SlackSendMessage.");

/** `slack.*` after defaults. */
export type SlackConfig = z.output<typeof slackSchema>;
