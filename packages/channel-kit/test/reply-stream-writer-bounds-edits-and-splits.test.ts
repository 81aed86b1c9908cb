import { describe, expect, test } from "vitest";
import { createReplyStreamWriter, splitMessageText } from "../src/index.js";

function recordingTarget() {
  const calls: string[] = [];
  const messages = new Map<string, string>();
  let next = 0;
  return {
    calls,
    messages,
    target: {
      async post(text: string, priority: string) {
        const id = `m${next++}`;
        messages.set(id, text);
        calls.push(`post ${id} ${priority}`);
        return id;
      },
      async update(id: string, text: string, priority: string) {
        messages.set(id, text);
        calls.push(`update ${id} ${priority}`);
      },
    },
  };
}

function manualTimer() {
  const pending: (() => void)[] = [];
  return {
    setTimer: (callback: () => void) => pending.push(callback),
    clearTimer: () => pending.splice(0),
    fire: () => {
      for (const callback of pending.splice(0)) callback();
    },
    get pending() {
      return pending.length;
    },
  };
}

describe("the reply stream writer", () => {
  test("many deltas between two timer ticks become one edit; the final text is written with priority", async () => {
    const { calls, messages, target } = recordingTarget();
    const timer = manualTimer();
    const writer = createReplyStreamWriter({ target, limit: 100, minUpdateIntervalMs: 1000, ...timer });
    for (const word of ["Hello", " there", ",", " friend"]) writer.append(word);
    expect(timer.pending).toBe(1);
    timer.fire();
    await new Promise((resolve) => setImmediate(resolve));
    writer.append(" — done.");
    const ids = await writer.finish();
    expect(calls).toEqual(["post m0 stream", "update m0 priority"]);
    expect(ids).toEqual(["m0"]);
    expect(messages.get("m0")).toBe("Hello there, friend — done.");
  });

  test("a long answer continues in further messages at the limit, in order, and nothing is lost", async () => {
    const { messages, target } = recordingTarget();
    const timer = manualTimer();
    const writer = createReplyStreamWriter({ target, limit: 50, minUpdateIntervalMs: 10, ...timer });
    const text = Array.from({ length: 40 }, (_, index) => `word${index}`).join(" ");
    for (let index = 0; index < text.length; index += 7) {
      writer.append(text.slice(index, index + 7));
      timer.fire();
    }
    const ids = await writer.finish();
    expect(ids.length).toBe(splitMessageText(text, 50).length);
    expect(ids.every((id) => (messages.get(id) ?? "").length <= 50)).toBe(true);
    expect(ids.map((id) => messages.get(id)).join(" ")).toBe(text);
  });

  test("an interim flush is skipped while the budget says no; the final text still arrives", async () => {
    const { calls, target } = recordingTarget();
    const timer = manualTimer();
    const writer = createReplyStreamWriter({
      target,
      limit: 100,
      minUpdateIntervalMs: 10,
      mayStream: () => false,
      ...timer,
    });
    writer.append("partial");
    timer.fire();
    await writer.finish("complete answer");
    expect(calls).toEqual(["post m0 priority"]);
  });

  test("a failed send rejects finish with its error", async () => {
    const writer = createReplyStreamWriter({
      target: {
        post: async () => {
          throw new Error("channel_not_found");
        },
        update: async () => {},
      },
      limit: 100,
      minUpdateIntervalMs: 10,
    });
    await expect(writer.finish("text")).rejects.toThrow("channel_not_found");
  });
});

describe("splitMessageText", () => {
  test("cuts at a line break, keeps chunks stable as the text grows, never splits a surrogate pair", () => {
    expect(splitMessageText("aaaa\nbbbb\ncccc", 10)).toEqual(["aaaa\nbbbb", "cccc"]);
    const grown = splitMessageText("aaaa\nbbbb\ncccc more text here", 10);
    expect(grown[0]).toBe("aaaa\nbbbb");
    const emoji = "😀".repeat(10);
    for (const chunk of splitMessageText(emoji, 5)) expect(chunk).not.toMatch(/[\uD800-\uDBFF]$/);
    expect(splitMessageText(emoji, 5).join("")).toBe(emoji);
  });

  test("with a draft target, interim flushes draft the part being written and post only full parts; each part is formatted after the split", async () => {
    const { calls, messages, target } = recordingTarget();
    const drafts: string[] = [];
    const timer = manualTimer();
    const writer = createReplyStreamWriter({
      target: {
        ...target,
        async draft(text: string) {
          drafts.push(text);
        },
      },
      limit: 20,
      minUpdateIntervalMs: 10,
      formatChunk: (chunk) => `<b>${chunk}</b>`,
      ...timer,
    });
    writer.append("one two three");
    timer.fire();
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual([]);
    expect(drafts).toEqual(["<b>one two three</b>"]);
    writer.append(" four five six seven");
    timer.fire();
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual(["post m0 stream"]);
    const ids = await writer.finish();
    expect(ids).toEqual(["m0", "m1"]);
    expect([...messages.values()]).toEqual(["<b>one two three four</b>", "<b>five six seven</b>"]);
    expect(drafts.at(-1)).toBe("<b>five six seven</b>");
  });

  test("a refused draft stops drafting and loses nothing: the final flush posts the whole answer", async () => {
    const { messages, target } = recordingTarget();
    const timer = manualTimer();
    let drafts = 0;
    const writer = createReplyStreamWriter({
      target: {
        ...target,
        async draft() {
          drafts += 1;
          throw new Error("Bad Request: drafts are unavailable");
        },
      },
      limit: 100,
      minUpdateIntervalMs: 10,
      ...timer,
    });
    writer.append("partial");
    timer.fire();
    await new Promise((resolve) => setImmediate(resolve));
    writer.append(" and the rest");
    timer.fire();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await writer.finish()).toEqual(["m0"]);
    expect(drafts).toBe(1);
    expect(messages.get("m0")).toBe("partial and the rest");
  });
});
