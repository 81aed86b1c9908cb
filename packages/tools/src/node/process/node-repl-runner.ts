/**
 * The program NodeRepl runs inside the sandbox (`node --input-type=module -e <source>`, so no file of the
 * host has to be visible there). It keeps one `node:repl` server whose context lives as long as the
 * process: `let`, `const`, functions and imports persist between calls, and top-level `await` works.
 * Protocol on stdin/stdout, one JSON object per line: `{ id, code }` in, `{ id, output, result?, error? }`
 * out. Everything the code prints (console, process.stdout/stderr) is captured per call, up to
 * `maxOutputBytes` (given as argv[1]); the protocol line itself goes through the original stdout write.
 */
export const NODE_REPL_RUNNER_SOURCE = String.raw`
import repl from "node:repl";
import { PassThrough } from "node:stream";
import { createInterface } from "node:readline";
import { inspect } from "node:util";
const maxOutputBytes = Number(process.argv[1]) || 51200;
const writeProtocol = process.stdout.write.bind(process.stdout);
let captured = "";
let dropped = 0;
const capture = (chunk) => {
  const text = typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
  const room = maxOutputBytes - Buffer.byteLength(captured);
  if (room <= 0) { dropped += Buffer.byteLength(text); return true; }
  if (Buffer.byteLength(text) > room) { captured += Buffer.from(text).subarray(0, room).toString("utf8"); dropped += Buffer.byteLength(text) - room; return true; }
  captured += text;
  return true;
};
process.stdout.write = capture;
process.stderr.write = capture;
const server = repl.start({ input: new PassThrough(), output: new PassThrough(), prompt: "", terminal: false, useGlobal: true, ignoreUndefined: true });
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
let queue = Promise.resolve();
let settle = () => {};
const outputOf = () => (dropped > 0 ? captured + "\n[... " + dropped + " bytes of output omitted ...]" : captured);
const describeError = (error) => (error && error.stack ? String(error.stack).split("\n").slice(0, 6).join("\n") : String(error));
// The REPL reports a thrown error to its domain (and never calls the eval callback): answer from there.
server._domain?.on("error", (error) => settle({ error: describeError(error) }));
lines.on("line", (line) => {
  queue = queue.then(() => new Promise((done) => {
    let request;
    try { request = JSON.parse(line); } catch { done(); return; }
    captured = ""; dropped = 0;
    let answered = false;
    settle = (fields) => {
      if (answered) return;
      answered = true;
      writeProtocol(JSON.stringify({ id: request.id, output: outputOf(), ...fields }) + "\n");
      done();
    };
    server.eval(String(request.code) + "\n", server.context, "NodeRepl", (error, value) => {
      if (error) settle({ error: describeError(error) });
      else settle(value === undefined ? {} : { result: inspect(value, { depth: 4, maxArrayLength: 100, maxStringLength: 10000, breakLength: 120 }) });
    });
  }));
});
lines.on("close", () => process.exit(0));
`;
