#!/usr/bin/env node
// Runs `node <args...>` on a pseudo-terminal (util-linux `script`) and answers every prompt of the
// terminal ask channel with Enter: each form field keeps its suggested (default) value, and "Send?"
// accepts. Prints what the run printed (its JSON events) and exits with its code.
import { spawn } from "node:child_process";

/** Longest a run may wait for its next prompt before the answerer gives up, in ms. */
const ANSWER_TIMEOUT_MS = 60_000;

const quoted = [process.execPath, ...process.argv.slice(2)]
  .map((part) => `'${part.replaceAll("'", "'\\''")}'`)
  .join(" ");
const child = spawn("script", ["-qfec", quoted, "/dev/null"], {
  env: { ...process.env, TERM: "dumb" },
  stdio: ["pipe", "pipe", "inherit"],
});
let pending = "";
child.stdout.setEncoding("utf8").on("data", (chunk) => {
  process.stdout.write(chunk);
  pending += chunk;
  // A prompt ends with ": " and waits for a line.
  if (/: $/.test(pending)) {
    pending = "";
    child.stdin.write("\r");
  }
});
const timer = setTimeout(() => child.kill(), ANSWER_TIMEOUT_MS);
child.on("close", (code) => {
  clearTimeout(timer);
  process.exit(code ?? 1);
});
