#!/usr/bin/env -S node --
import { main } from "../dist/cli/main.js";

// Last line of defence: an error that escapes every command (a stray rejection in a long-running serve)
// ends the process with its message, never a stack trace, unless MONO_AGENT_DEBUG=1 asks for it.
const fail = (error) => {
  const debug = process.env.MONO_AGENT_DEBUG === "1";
  const message = error instanceof Error ? (debug && error.stack) || error.message : String(error);
  process.stderr.write(`mono-agent: unexpected error: ${message}\n`);
  process.exit(1);
};
process.on("uncaughtException", fail);
process.on("unhandledRejection", fail);

process.exitCode = await main(process.argv.slice(2));
