import type { AddressInfo } from "node:net";
import {
  type ChannelApp,
  type ChannelSessionOptions,
  createChannelInbox,
  createRateBudget,
  type EventDedupeStore,
  type RateBudget,
} from "@mono-agent/channel-kit";
import { App, Assistant, HTTPReceiver, SocketModeReceiver } from "@slack/bolt";
import { type RetryOptions, WebClient } from "@slack/web-api";
import { silentLogger } from "./silent-logger.js";
import { isSlackChannelAllowed, type SlackAllowlist } from "./slack-allowlist.js";
import { callSlack } from "./slack-api-error.js";
import { SLACK_ASK_ACTION_PREFIX } from "./slack-ask-blocks.js";
import {
  createSlackAskChannel,
  type SlackAskAnswerer,
  type SlackAskChannel,
  slackPersonName,
} from "./slack-ask-channel.js";
import { slackConversationId } from "./slack-conversation-id.js";
import { downloadSlackFiles, type SlackEventFile } from "./slack-files.js";
import { slackInboundText } from "./slack-inbound-text.js";
import { SLACK_CHANNEL_BUDGET } from "./slack-limits.js";
import { createSlackReply, type SlackReplyOptions } from "./slack-reply.js";
import { createSlackStreamReply, type SlackStreamSupport } from "./slack-stream-reply.js";

/** Options of {@link startSlackChannel}: the resolved `slack.*` config plus what the host provides. */
export interface StartSlackChannelOptions extends SlackAllowlist {
  mode: "socket" | "http";
  botToken: string;
  /** Socket Mode's app-level token (`xapp-…`). */
  appToken?: string;
  /** HTTP mode's signing secret: every request's signature is checked with it. */
  signingSecret?: string;
  http?: { host: string; port: number; path: string };
  /** Web API base URL (default `https://slack.com/api/`); Socket Mode's `apps.connections.open` uses it too. */
  apiUrl?: string;
  suggestedPrompts?: readonly { title: string; message: string }[];
  app: ChannelApp;
  dedupe: EventDedupeStore;
  session: ChannelSessionOptions;
  /** Web API retry policy (429 Retry-After is always honoured); tests shorten it. */
  retryConfig?: RetryOptions;
  minUpdateIntervalMs?: number;
  /** The per-channel send budget (default {@link SLACK_CHANNEL_BUDGET}). */
  budget?: RateBudget;
  /**
   * Answers asks (the interaction broker's `answer`): with it the channel carries AskUser and approvals as
   * buttons (see {@link SlackChannel.askChannel}); without it no ask is shown in Slack.
   */
  answerAsk?: SlackAskAnswerer;
  /** Warnings (a post that failed, a file skipped, Bolt's own); the library never prints. */
  onWarning?: (message: string) => void;
  now?: () => Date;
}

/** A running Slack channel. */
export interface SlackChannel {
  /** The Web API client (bot token): send tools and deliveries post through it. */
  readonly client: WebClient;
  readonly botUserId: string;
  /** The channel's send budget, shared with SlackSendMessage and deliveries. */
  readonly budget: RateBudget;
  /** The ask port to register with the interaction broker (with `answerAsk`). */
  readonly askChannel?: SlackAskChannel;
  /** HTTP mode: the port the events endpoint listens on. */
  readonly port?: number;
  /** Stops receiving, then waits for the runs in progress to answer. */
  stop(): Promise<void>;
}

interface Arrival {
  eventId: string;
  userId?: string;
  channel: string;
  /** The thread the conversation lives in (undefined: a top-level DM). */
  threadTs?: string;
  text?: string;
  files?: readonly SlackEventFile[];
  setStatus?: (status: string) => Promise<void>;
}

/**
 * Starts mono-agent in Slack with Bolt: Socket Mode (app token) or signed HTTP events. App mentions in
 * allowed channels start a run in the thread's conversation `slack:<C>:<ts>`; DMs (with
 * `allowDirectMessages`) in `slack:<D>` or, in an assistant thread, `slack:<D>:<thread ts>`. Events are
 * acknowledged at once and taken once by event id; a message from a channel outside the allowlist starts
 * no run and gets no answer. Throws a `platform_error` ChannelError when the bot token is refused.
 */
export async function startSlackChannel(options: StartSlackChannelOptions): Promise<SlackChannel> {
  const apiUrl = options.apiUrl ?? "https://slack.com/api/";
  const warn = (message: string) => options.onWarning?.(message);
  const logger = silentLogger(warn);
  const clientOptions = {
    slackApiUrl: apiUrl,
    logger,
    ...(options.retryConfig ? { retryConfig: options.retryConfig } : {}),
  };
  const client = new WebClient(options.botToken, clientOptions);
  const auth = await callSlack("auth.test", () => client.auth.test());
  const botUserId = String(auth.user_id ?? "");
  const budget = options.budget ?? createRateBudget(SLACK_CHANNEL_BUDGET);
  const receiver =
    options.mode === "socket"
      ? new SocketModeReceiver({
          appToken: options.appToken ?? "",
          logger,
          installerOptions: { clientOptions },
        })
      : new HTTPReceiver({
          signingSecret: options.signingSecret ?? "",
          endpoints: options.http?.path ?? "/slack/events",
          logger,
        });
  const bolt = new App({
    token: options.botToken,
    botUserId,
    ...(typeof auth.bot_id === "string" ? { botId: auth.bot_id } : {}),
    tokenVerificationEnabled: false,
    receiver,
    logger,
    clientOptions,
  });
  const inbox = createChannelInbox({
    app: options.app,
    dedupe: options.dedupe,
    session: options.session,
    ...(options.now ? { now: options.now } : {}),
    onError: (error) => warn(`Slack: ${error instanceof Error ? error.message : String(error)}`),
  });
  const askChannel = options.answerAsk
    ? createSlackAskChannel({ client, allowlist: options, answer: options.answerAsk, onWarning: warn })
    : undefined;
  // Assistant threads stream through chat.startStream/appendStream/stopStream where the workspace has them;
  // everything else (and a workspace that refuses them) gets a post edited at a bounded rate.
  const streams: SlackStreamSupport = { available: true };
  const replyFor = (arrival: Arrival, reply: SlackReplyOptions) =>
    arrival.setStatus && arrival.threadTs
      ? createSlackStreamReply({
          ...reply,
          destination: { channel: arrival.channel, threadTs: arrival.threadTs },
          support: streams,
        })
      : createSlackReply(reply);
  const accept = async (arrival: Arrival) => {
    if (!isSlackChannelAllowed(options, arrival.channel)) return;
    const logical = slackConversationId(arrival.channel, arrival.threadTs);
    // A reply in a thread whose run waits on a question answers it (the run is still in progress there).
    if (
      askChannel &&
      arrival.userId &&
      (await askChannel.reply(logical, slackInboundText(arrival.text, botUserId), arrival.userId))
    )
      return;
    const files = arrival.files ?? [];
    await inbox.accept({
      eventKey: `slack:${arrival.eventId}`,
      logicalConversationId: logical,
      input: slackInboundText(arrival.text, botUserId),
      source: "slack",
      // The sender is the run's asker: its asks and approvals are theirs (interaction.answerers).
      ...(arrival.userId
        ? {
            from: {
              channel: "slack",
              userId: arrival.userId,
              displayName: slackPersonName(arrival.userId),
            },
          }
        : {}),
      ...(files.length > 0
        ? {
            attachments: () =>
              downloadSlackFiles({
                files,
                botToken: options.botToken,
                apiUrl,
                onSkipped: (name, reason) => warn(`Slack: ${name} was not staged: ${reason}`),
              }),
          }
        : {}),
      reply: replyFor(arrival, {
        client,
        destination: {
          channel: arrival.channel,
          ...(arrival.threadTs ? { threadTs: arrival.threadTs } : {}),
        },
        budget,
        ...(options.minUpdateIntervalMs !== undefined
          ? { minUpdateIntervalMs: options.minUpdateIntervalMs }
          : {}),
        ...(arrival.setStatus ? { setStatus: arrival.setStatus } : {}),
        onDeliveryFailure: (error) =>
          warn(
            `Slack: the answer in ${arrival.channel} was not delivered: ${error instanceof Error ? error.message : String(error)}`,
          ),
      }),
    });
  };

  bolt.event("app_mention", async ({ event, body }) => {
    await accept({
      eventId: String((body as { event_id?: unknown }).event_id ?? `${event.channel}:${event.ts}`),
      channel: event.channel,
      threadTs: event.thread_ts ?? event.ts,
      text: event.text,
      files: (event as { files?: SlackEventFile[] }).files ?? [],
      ...(event.user ? { userId: event.user } : {}),
    });
  });
  if (askChannel)
    bolt.action({ action_id: new RegExp(`^${SLACK_ASK_ACTION_PREFIX}_`) }, async ({ ack, body, action }) => {
      await ack();
      const value = (action as { value?: unknown }).value;
      if (typeof value === "string")
        await askChannel.click(value, body.user.id).catch((error: unknown) => warn(String(error)));
    });
  if (options.allowDirectMessages) {
    bolt.assistant(
      new Assistant({
        threadStarted: async ({ setSuggestedPrompts }) => {
          const prompts = options.suggestedPrompts ?? [];
          if (prompts.length > 0) await setSuggestedPrompts({ prompts: [...prompts] as never });
        },
        userMessage: async ({ message, body, setStatus }) => {
          const item = message as {
            channel: string;
            thread_ts?: string;
            ts: string;
            text?: string;
            files?: SlackEventFile[];
            bot_id?: string;
            user?: string;
          };
          if (item.bot_id !== undefined) return;
          await accept({
            eventId: String((body as { event_id?: unknown }).event_id ?? `${item.channel}:${item.ts}`),
            channel: item.channel,
            threadTs: item.thread_ts ?? item.ts,
            text: item.text,
            files: item.files ?? [],
            ...(item.user ? { userId: item.user } : {}),
            setStatus: async (status) => {
              await setStatus(status);
            },
          });
        },
      }),
    );
  }
  bolt.message(async ({ message, body }) => {
    const item = message as {
      channel: string;
      channel_type?: string;
      subtype?: string;
      thread_ts?: string;
      ts: string;
      text?: string;
      bot_id?: string;
      user?: string;
      files?: SlackEventFile[];
    };
    if (item.channel_type !== "im" || item.bot_id !== undefined) return;
    if (item.subtype !== undefined && item.subtype !== "file_share") return;
    await accept({
      eventId: String((body as { event_id?: unknown }).event_id ?? `${item.channel}:${item.ts}`),
      channel: item.channel,
      ...(item.thread_ts ? { threadTs: item.thread_ts } : {}),
      text: item.text,
      files: item.files ?? [],
      ...(item.user ? { userId: item.user } : {}),
    });
  });

  let port: number | undefined;
  if (options.mode === "http") {
    const server = (await bolt.start({
      port: options.http?.port ?? 3000,
      host: options.http?.host ?? "127.0.0.1",
    })) as {
      address(): AddressInfo | string | null;
    };
    const address = server.address();
    port = typeof address === "object" && address !== null ? address.port : undefined;
  } else await bolt.start();
  let stopped = false;
  return {
    client,
    botUserId,
    budget,
    ...(askChannel ? { askChannel } : {}),
    ...(port !== undefined ? { port } : {}),
    async stop() {
      if (stopped) return;
      stopped = true;
      await bolt.stop().catch(() => {});
      await inbox.close();
    },
  };
}
