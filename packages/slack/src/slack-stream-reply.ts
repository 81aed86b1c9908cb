import type { ChannelRunEvent, InboundReply } from "@mono-agent/channel-kit";
import { callSlack } from "./slack-api-error.js";
import { SLACK_MESSAGE_LIMIT, SLACK_MIN_UPDATE_INTERVAL_MS } from "./slack-limits.js";
import { createSlackReply, type SlackReplyOptions, settledReplyText, toolStatusLine } from "./slack-reply.js";

/** Whether this workspace took `chat.startStream` (learnt at the first try; shared by a channel's replies). */
export interface SlackStreamSupport {
  available: boolean;
}

/** Options of {@link createSlackStreamReply}: those of the edit reply it falls back to, plus the thread. */
export interface SlackStreamReplyOptions extends SlackReplyOptions {
  destination: { channel: string; threadTs: string };
  /** Set to unavailable after a refused `chat.startStream`, so later replies go straight to edits. */
  support: SlackStreamSupport;
}

/**
 * The reply of one run in an assistant thread through Slack's streaming methods: `chat.startStream` with the
 * first text, `chat.appendStream` with what came since (at most one call per `minUpdateIntervalMs`, within
 * the channel's budget, each at most {@link SLACK_MESSAGE_LIMIT} characters), `chat.stopStream` with the
 * rest when the run settles. Markdown goes as `markdown_text` (Slack renders it). A workspace that refuses
 * `chat.startStream` gets the edit reply ({@link createSlackReply}) instead, for this and later replies.
 */
export function createSlackStreamReply(options: SlackStreamReplyOptions): InboundReply {
  const { client, destination, budget, support } = options;
  const interval = options.minUpdateIntervalMs ?? SLACK_MIN_UPDATE_INTERVAL_MS;
  let fallback: InboundReply | undefined = support.available ? undefined : createSlackReply(options);
  let ts: string | undefined;
  let sent = "";
  let pending = "";
  let timer: ReturnType<typeof setTimeout> | undefined;
  let flushing: Promise<void> = Promise.resolve();
  let failure: unknown;
  let settling = false;
  const events: ChannelRunEvent[] = [];

  const send = async (text: string) => {
    if (ts === undefined) {
      try {
        const started = await callSlack("chat.startStream", () =>
          client.chat.startStream({
            channel: destination.channel,
            thread_ts: destination.threadTs,
            markdown_text: text,
          }),
        );
        ts = String(started.ts);
        // Kept only for a fallback before the stream started.
        events.length = 0;
      } catch {
        // No streaming here (an older workspace, a plan without it): edits, as before, from the start.
        support.available = false;
        fallback = createSlackReply(options);
        for (const event of events) fallback.onEvent(event);
        return;
      }
    } else {
      const streamTs = ts;
      await callSlack("chat.appendStream", () =>
        client.chat.appendStream({ channel: destination.channel, ts: streamTs, markdown_text: text }),
      );
    }
    sent += text;
  };
  const flush = () => {
    timer = undefined;
    if (settling || fallback || failure !== undefined || pending === "") return;
    if (ts !== undefined && !budget.tryTake(destination.channel, "stream")) {
      schedule();
      return;
    }
    const text = pending.slice(0, SLACK_MESSAGE_LIMIT);
    pending = pending.slice(text.length);
    flushing = flushing
      .then(() => (fallback ? undefined : send(text)))
      .catch((error: unknown) => {
        failure = error;
      })
      .then(() => {
        if (pending !== "") schedule();
      });
  };
  const schedule = () => {
    if (!settling) timer ??= setTimeout(flush, interval);
  };
  return {
    onEvent(event) {
      if (fallback) {
        fallback.onEvent(event);
        return;
      }
      if (ts === undefined) events.push(event);
      if (event.type === "text_delta" && "text" in event) {
        pending += String(event.text);
        if (ts === undefined && sent === "") flush();
        else schedule();
      } else if (event.type === "tool_started" && "name" in event)
        void options.setStatus?.(toolStatusLine(String(event.name))).catch(() => {});
    },
    async settled(result, error) {
      settling = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      await flushing;
      if (fallback || ts === undefined) {
        fallback ??= createSlackReply(options);
        await fallback.settled(result, error);
        return;
      }
      budget.tryTake(destination.channel, "priority");
      const text = settledReplyText(result);
      const shown = sent + pending;
      // What the thread lacks: the rest of the answer, or the failure note after a streamed answer. Text
      // streamed before a tool call stays (a stream only grows); a final text that is not its end follows it.
      const finalText = result?.finalText ?? "";
      const rest = text.startsWith(shown)
        ? text.slice(shown.length)
        : finalText !== "" && shown.endsWith(finalText) && text.startsWith(finalText)
          ? text.slice(finalText.length)
          : `\n\n${text}`;
      const streamTs = ts;
      try {
        if (failure !== undefined) throw failure;
        await callSlack("chat.stopStream", () =>
          client.chat.stopStream({
            channel: destination.channel,
            ts: streamTs,
            ...(pending + rest === "" ? {} : { markdown_text: pending + rest }),
          }),
        );
      } catch (stopFailure) {
        options.onDeliveryFailure?.(stopFailure, result);
        throw stopFailure;
      }
      if (error !== undefined) options.onDeliveryFailure?.(error, result);
    },
  };
}
