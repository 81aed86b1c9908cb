import { Worker } from "node:worker_threads";
import { ToolError } from "../tool-error.js";

/**
 * Longest pattern accepted, in characters. Compiling is linear in the pattern but with a large
 * constant (an 880-character RE2 program took ~1 s to build here); a search pattern a model writes
 * is a few dozen characters, and 1,000 leaves room for long alternations of identifiers.
 */
export const PATTERN_MAX_CHARACTERS = 1_000;

/**
 * Time one search may spend compiling and matching, summed over its batches. A linear-time scan of
 * a large source tree takes well under a second; past 5 s the pattern, not the tree, is the problem
 * (a huge compiled program, or backtracking in a lookahead/backreference pattern).
 */
export const PATTERN_MATCH_BUDGET_MS = 5_000;

/** Heap of the matching thread, so a pattern cannot grow the host's memory without bound. */
const WORKER_HEAP_MB = 256;

/** Characters that make a pattern more than a literal string. */
const METACHARACTER = /[\\^$.*+?()[\]{}|]/;

/** Options of {@link openPatternSearch}. */
export interface PatternSearchOptions {
  /** A regular expression in JavaScript syntax (or the text itself when `literal`). */
  pattern: string;
  literal?: boolean;
  ignoreCase?: boolean;
  /** Overrides {@link PATTERN_MATCH_BUDGET_MS} (tests). */
  budgetMs?: number;
  signal?: AbortSignal;
}

/** A compiled search: which lines of a batch match. Close it when done. */
export interface PatternSearch {
  /** Indices of the lines of `lines` that match, in order, at most `max` of them. */
  matchingLines(lines: readonly string[], max: number): Promise<number[]>;
  close(): Promise<void>;
}

/**
 * Compiles an untrusted pattern (a model's Grep argument) so that no pattern can stall the host: a
 * literal is searched for as text; anything else runs in a worker thread, on RE2's linear-time engine
 * (V8's engine only for what RE2 cannot parse: lookahead, backreferences), under a time budget after
 * which the thread is terminated and the search fails with `invalid_tool_arguments`.
 *
 * @throws ToolError `invalid_tool_arguments` for a pattern that is too long, invalid, or
 *   out of budget.
 */
export async function openPatternSearch(options: PatternSearchOptions): Promise<PatternSearch> {
  const { pattern } = options;
  if (pattern.length > PATTERN_MAX_CHARACTERS) {
    throw invalid(
      `Grep pattern is ${pattern.length} characters long; at most ${PATTERN_MAX_CHARACTERS} are accepted. ` +
        "Search for a shorter pattern.",
    );
  }
  if (options.literal === true || !METACHARACTER.test(pattern)) {
    return literalSearch(pattern, options.ignoreCase === true);
  }
  return workerSearch(options);
}

function invalid(message: string): ToolError {
  return new ToolError("invalid_tool_arguments", message);
}

function literalSearch(text: string, ignoreCase: boolean): PatternSearch {
  const needle = ignoreCase ? text.toLowerCase() : text;
  return {
    async matchingLines(lines, max) {
      const matches: number[] = [];
      for (let index = 0; index < lines.length && matches.length < max; index++) {
        const line = ignoreCase ? lines[index]!.toLowerCase() : lines[index]!;
        if (line.includes(needle)) matches.push(index);
      }
      return matches;
    },
    async close() {},
  };
}

type WorkerMessage =
  | { type: "ready"; engine: "linear" | "backtracking" }
  | { type: "invalid"; message: string }
  | { type: "matches"; id: number; matches: number[] };

/** One started thread kept for the next search, so a Grep does not wait for a thread to start. */
let idleWorker: Worker | undefined;

function startWorker(): Worker {
  const worker = new Worker(new URL("./pattern-search-worker.mjs", import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  worker.unref();
  // An idle thread that dies is simply not reused.
  worker.once("exit", () => {
    if (idleWorker === worker) idleWorker = undefined;
  });
  worker.on("error", () => {});
  return worker;
}

/**
 * Starts the matching thread ahead of the first search (it loads the RE2 engine, ~60 ms), so the first
 * Grep answers as fast as the next. For long-lived hosts (`mono-agent serve`); a one-shot `run` starts
 * it on its first Grep instead. Idempotent; the idle thread never keeps the process alive.
 */
export function prewarmPatternSearch(): void {
  idleWorker ??= startWorker();
}

async function workerSearch(options: PatternSearchOptions): Promise<PatternSearch> {
  const budgetMs = options.budgetMs ?? PATTERN_MATCH_BUDGET_MS;
  const { pattern, signal } = options;
  signal?.throwIfAborted();
  const worker = idleWorker ?? startWorker();
  idleWorker = undefined;
  let spentMs = 0;
  let nextId = 1;
  let healthy = true;
  const outOfBudget = () =>
    invalid(
      `Grep pattern ${JSON.stringify(pattern)} did not finish matching within ${budgetMs / 1000} s, its time budget. ` +
        "Simplify it (avoid nested quantifiers such as (a+)+, lookahead and backreferences), " +
        "narrow path or glob, or pass literal: true to search for the text as is.",
    );

  /** Waits for the next message that `accept` takes, within what is left of the budget. */
  const next = <T>(accept: (message: WorkerMessage) => T | undefined): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const started = performance.now();
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        worker.off("message", onMessage);
        worker.off("error", onError);
        worker.off("exit", onExit);
        signal?.removeEventListener("abort", onAbort);
        spentMs += performance.now() - started;
        settle();
      };
      const fail = (error: unknown) => {
        healthy = false;
        void worker.terminate();
        finish(() => reject(error));
      };
      const onMessage = (message: WorkerMessage) => {
        const value = accept(message);
        if (value !== undefined) finish(() => resolve(value));
      };
      const onError = (error: Error) =>
        fail(
          invalid(
            `Grep pattern ${JSON.stringify(pattern)} could not be matched (${error.message}). Simplify the pattern.`,
          ),
        );
      const onExit = () => fail(invalid(`Grep pattern ${JSON.stringify(pattern)} could not be matched.`));
      const onAbort = () => fail(signal?.reason ?? new Error("aborted"));
      const timer = setTimeout(() => fail(outOfBudget()), Math.max(0, budgetMs - spentMs));
      worker.on("message", onMessage);
      worker.on("error", onError);
      worker.on("exit", onExit);
      signal?.addEventListener("abort", onAbort, { once: true });
    });

  const release = async () => {
    if (healthy && idleWorker === undefined) idleWorker = worker;
    else await worker.terminate();
    healthy = false;
  };
  const ready = next((message) => (message.type === "matches" ? undefined : message));
  worker.postMessage({ type: "compile", pattern, ignoreCase: options.ignoreCase === true });
  const compiled = await ready;
  if (compiled.type === "invalid") {
    await release();
    throw invalid(
      `Grep pattern ${JSON.stringify(pattern)} is not a valid regular expression (${compiled.message}). ` +
        "Fix the pattern, or pass literal: true to search for the text as is.",
    );
  }
  return {
    async matchingLines(lines, max) {
      if (lines.length === 0 || max <= 0) return [];
      if (!healthy) throw invalid(`Grep pattern ${JSON.stringify(pattern)} could not be matched.`);
      const id = nextId++;
      const answer = next((message) =>
        message.type === "matches" && message.id === id ? message : undefined,
      );
      worker.postMessage({ type: "match", id, lines, max });
      return (await answer).matches;
    },
    close: release,
  };
}
