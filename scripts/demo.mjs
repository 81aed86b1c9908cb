// The README's main-job command: install, build, and run the agent on examples/quickstart with the
// offline demo model, a real stdio MCP server (the example server) and real stores under the example's
// .mono-agent/ folder.
import { bootstrap, run } from "./bootstrap.mjs";

console.log("demo: installing the workspace (pnpm install)");
const pnpm = bootstrap();
console.log(
  "\ndemo: building every package (turbo; one line per package, the first build takes a minute or two)",
);
if (run([...pnpm, "exec", "turbo", "run", "build", "--output-logs=hash-only"]) !== 0) process.exit(1);

const cli = ["node", "apps/agent/bin/mono-agent.js"];
const config = ["--config", "examples/quickstart/mono-agent.config.json"];
const prompt = process.argv.slice(2).join(" ") || "What is 17 * 23, and what is in README.md?";

console.log("\n$ mono-agent validate --config examples/quickstart/mono-agent.config.json");
if (run([...cli, "validate", ...config]) !== 0) process.exit(1);
console.log(`\n$ mono-agent run --config examples/quickstart/mono-agent.config.json "${prompt}"`);
process.exitCode = run([...cli, "run", ...config, prompt]);
