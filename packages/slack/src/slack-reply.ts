import {
  type ChannelRunEvent,
  type ChannelRunResult,
  createReplyStreamWriter,
  type InboundReply,
  type RateBudget,
} from "@mono-agent/channel-kit";
import type { WebClient } from "@slack/web-api";
import { markdownToMrkdwn } from "./markdown-to-mrkdwn.js";
import { callSlack } from "./slack-api-error.js";
import {
  SLACK_MESSAGE_LIMIT,
  SLACK_MIN_UPDATE_INTERVAL_MS,
  SLACK_STATUS_MAX_CHARACTERS,
} from "./slack-limits.js";

/** Where one reply goes in Slack. */
export interface SlackReplyDestination {
  channel: string;
  /** Thread to answer in; a top-level DM is answered without one. */
  threadTs?: string;
}

/** Options of {@link createSlackReply}. */
export interface SlackReplyOptions {
  client: WebClient;
  destination: SlackReplyDestination;
  budget: RateBudget;
  minUpdateIntervalMs?: number;
  /** Sets the assistant thread's status ("is working…"), in an assistant thread. */
  setStatus?: (status: string) => Promise<void>;
  /** Told of a post that failed (recorded by the host), with Slack's error. */
  onDeliveryFailure?: (error: unknown, result: ChannelRunResult | undefined) => void;
}

/**
 * The compact status line of a tool at work ("Using github · search…"). The host's own servers
 * (`mono-agent-*`) are internal names people never see: their tools show alone ("Using Remember…"), and
 * AskUser, which waits for a person, says so.
 */
export function toolStatusLine(name: string): string {
  const own = /^mcp__mono-agent-[A-Za-z0-9-]*__(.+)$/.exec(name);
  const line =
    own?.[1] === "AskUser"
      ? "Waiting for an answer…"
      : `Using ${own ? own[1] : name.replace(/^mcp__/, "").replace(/__/g, " · ")}…`;
  return line.slice(0, SLACK_STATUS_MAX_CHARACTERS);
}

/** The text a settled run leaves in its thread: the answer, or what went wrong. */
export function settledReplyText(result: ChannelRunResult | undefined): string {
  const text =
    result === undefined
      ? "Sorry, this message could not be answered (the agent failed to start)."
      : result.status === "succeeded"
        ? result.finalText
        : `${result.finalText ? `${result.finalText}\n\n` : ""}_The run ${result.status}${result.error ? `: ${result.error.message}` : ""}._`;
  return text === "" ? "_(no answer)_" : text;
}

/**
 * The reply of one run in a Slack thread: the answer streamed as Markdown converted to mrkdwn, posted then
 * updated at a bounded rate within the channel's budget, split at {@link SLACK_MESSAGE_LIMIT}; tool activity
 * as one compact status line under the text while the run works; the final answer (or the failure) written
 * with priority.
 */
export function createSlackReply(options: SlackReplyOptions): InboundReply {
  const { client, destination, budget } = options;
  let status: string | undefined;
  const thread = destination.threadTs === undefined ? {} : { thread_ts: destination.threadTs };
  const writer = createReplyStreamWriter({
    limit: SLACK_MESSAGE_LIMIT,
    minUpdateIntervalMs: options.minUpdateIntervalMs ?? SLACK_MIN_UPDATE_INTERVAL_MS,
    format: (text) => {
      const body = markdownToMrkdwn(text);
      return status === undefined ? body : `${body}\n\n_${status}_`;
    },
    mayStream: () => budget.tryTake(destination.channel, "stream"),
    target: {
      async post(text) {
        const posted = await callSlack("chat.postMessage", () =>
          client.chat.postMessage({ channel: destination.channel, text, mrkdwn: true, ...thread }),
        );
        return String(posted.ts);
      },
      async update(ts, text) {
        await callSlack("chat.update", () => client.chat.update({ channel: destination.channel, ts, text }));
      },
    },
  });
  return {
    onEvent(event: ChannelRunEvent) {
      if (event.type === "text_delta" && "text" in event) writer.append(String(event.text));
      else if (event.type === "tool_started" && "name" in event) {
        status = toolStatusLine(String(event.name));
        writer.append("");
        void options.setStatus?.(status).catch(() => {});
      }
    },
    async settled(result, error) {
      status = undefined;
      budget.tryTake(destination.channel, "priority");
      try {
        await writer.finish(settledReplyText(result));
      } catch (failure) {
        options.onDeliveryFailure?.(failure, result);
        throw failure;
      }
      if (error !== undefined) options.onDeliveryFailure?.(error, result);
    },
  };
}
