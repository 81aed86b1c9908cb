#!/usr/bin/env node
// The client command the MCP conformance suite runs (`client.mjs <server-url>`, scenario in
// MCP_CONFORMANCE_SCENARIO, credentials in MCP_CONFORMANCE_CONTEXT): it writes an agent folder whose only
// MCP server is the suite's, and runs `mono-agent run --login` on it with the offline demo model, so the
// scenario goes through the real run path (config, the bridge, OAuth, a tool call by the model). The
// login "browser" is browser.mjs, which follows the authorization server's redirect as a person would.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const cli = join(here, "..", "..", "apps", "agent", "bin", "mono-agent.js");
const serverUrl = process.argv[2];
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? "";
const context = process.env.MCP_CONFORMANCE_CONTEXT ? JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT) : {};
if (!serverUrl) {
  console.error("usage: client.mjs <server-url> (run by the MCP conformance suite)");
  process.exit(2);
}

/** The Client ID Metadata Document URL the suite's authorization servers accept (SEP-991 scenarios). */
const CLIENT_METADATA_URL = "https://conformance-test.local/client-metadata.json";

// The demo model calls the MCP tool whose name matches a word of the prompt.
const prompt =
  { tools_call: "add numbers", "sse-retry": "test reconnection" }[scenario] ?? "call the test tool";
const secrets = {};
const oauth = (() => {
  if (scenario === "auth/client-credentials-basic") {
    secrets.CONFORMANCE_CLIENT_SECRET = context.client_secret;
    return {
      grant: "client_credentials",
      clientId: context.client_id,
      clientSecret: { $env: "CONFORMANCE_CLIENT_SECRET" },
    };
  }
  if (scenario === "auth/client-credentials-jwt") {
    secrets.CONFORMANCE_PRIVATE_KEY = context.private_key_pem;
    return {
      grant: "client_credentials",
      clientId: context.client_id,
      privateKey: { $env: "CONFORMANCE_PRIVATE_KEY" },
      ...(context.signing_algorithm ? { signingAlgorithm: context.signing_algorithm } : {}),
    };
  }
  if (scenario === "auth/pre-registration") {
    secrets.CONFORMANCE_CLIENT_SECRET = context.client_secret;
    return { clientId: context.client_id, clientSecret: { $env: "CONFORMANCE_CLIENT_SECRET" } };
  }
  return { clientMetadataUrl: CLIENT_METADATA_URL };
})();

const agentDir = mkdtempSync(join(tmpdir(), "mono-agent-conformance-"));
writeFileSync(
  join(agentDir, "mono-agent.config.json"),
  JSON.stringify({
    runtime: { model: "demo:demo" },
    tools: {
      allowedTools: [],
      mcpServers: { conformance: { url: serverUrl, type: "http", oauth, connectTimeoutMs: 20_000 } },
    },
  }),
);
const runArgs = [cli, "run", "--login", "--json", prompt];
const runEnv = { ...process.env, ...secrets, BROWSER: join(here, "browser.mjs") };
// Elicitation needs someone to answer: the run gets a pseudo-terminal (util-linux `script`), and
// answer.mjs types what a person accepting the suggested values would (Enter at each field, then Send).
const child = scenario.startsWith("elicitation")
  ? spawnSync(process.execPath, [join(here, "answer.mjs"), ...runArgs], {
      cwd: agentDir,
      env: runEnv,
      encoding: "utf8",
    })
  : spawnSync(process.execPath, runArgs, { cwd: agentDir, env: runEnv, encoding: "utf8" });
rmSync(agentDir, { recursive: true, force: true });
process.stdout.write(child.stdout ?? "");
process.stderr.write(child.stderr ?? "");
// The run succeeding is not enough: the server must have connected and the tool must have run.
const events = (child.stdout ?? "")
  .split(/\r?\n/)
  .filter((line) => line.startsWith("{"))
  .map((line) => JSON.parse(line));
const unavailable = events.find(
  (event) => event.type === "warning" && event.kind === "mcp_server_unavailable",
);
if (unavailable) console.error(`conformance client: ${unavailable.message}`);
process.exit(child.status === 0 && !unavailable ? 0 : 1);
