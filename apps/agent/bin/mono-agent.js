#!/usr/bin/env -S node --
import { existsSync } from "node:fs";
import module from "node:module";

// Node 22.1+ keeps the compiled code of every module in a disk cache (os.tmpdir()/node-compile-cache),
// so a second cold start skips compiling a few hundred modules; Node 20 has no such cache and goes on
// without it. NODE_DISABLE_COMPILE_CACHE=1 turns it off.
module.enableCompileCache?.();

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

// Imported after the cache is on, so the CLI's own modules are cached too. The build bundles the CLI into
// dist/bundle/ (scripts/bundle-cli.mjs): a few files instead of some 1,500 modules. A tsc-only build (no
// bundle) runs the modules themselves.
const bundled = new URL("../dist/bundle/main.js", import.meta.url);
const { main } = await import(existsSync(bundled) ? bundled.href : "../dist/cli/main.js");
process.exitCode = await main(process.argv.slice(2));
