// The worker thread of pattern-search.ts (plain JavaScript, so the same file runs from src/ in tests
// and from dist/): compiles an untrusted pattern, then answers which lines of each batch match.
// The main thread owns the time budget and terminates this thread when it runs out, so no pattern,
// however slow, ever blocks the host's event loop.
import { parentPort } from "node:worker_threads";
import { RE2JS, RE2JSSyntaxException } from "re2js";

/**
 * The linear-time engine (RE2) first; a pattern RE2 cannot parse but JavaScript can (lookahead,
 * backreferences) runs on V8's backtracking engine, still inside this thread and its budget.
 * @param {string} pattern
 * @param {boolean} ignoreCase
 * @returns {{ test(line: string): boolean; engine: "linear" | "backtracking" } | { error: string }}
 */
function compile(pattern, ignoreCase) {
  try {
    const flags = RE2JS.LOOKBEHINDS | (ignoreCase ? RE2JS.CASE_INSENSITIVE : 0);
    const re2 = RE2JS.compile(RE2JS.translateRegExp(pattern), flags);
    return { engine: "linear", test: (line) => re2.test(line) };
  } catch (error) {
    if (!(error instanceof RE2JSSyntaxException)) return { error: String(error?.message ?? error) };
  }
  try {
    const backtracking = new RegExp(pattern, ignoreCase ? "i" : "");
    return { engine: "backtracking", test: (line) => backtracking.test(line) };
  } catch (error) {
    return { error: String(error?.message ?? error) };
  }
}

/** The pattern of the current search (a pooled thread serves one search after another). */
let matcher;

parentPort.on("message", (request) => {
  if (request.type === "compile") {
    matcher = compile(request.pattern, request.ignoreCase);
    if ("error" in matcher) parentPort.postMessage({ type: "invalid", message: matcher.error });
    else parentPort.postMessage({ type: "ready", engine: matcher.engine });
    return;
  }
  const matches = [];
  for (let index = 0; index < request.lines.length && matches.length < request.max; index++) {
    if (matcher.test(request.lines[index])) matches.push(index);
  }
  parentPort.postMessage({ type: "matches", id: request.id, matches });
});
