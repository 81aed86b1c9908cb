import { connectMcpServers } from "@mono-agent/mcp-bridge";
import { createFileMcpAuthStore } from "@mono-agent/mcp-bridge/node";
import { createStdioLauncher } from "@mono-agent/mcp-bridge/stdio";
import { mcpAuthStoreFile, mcpLoginHint } from "../../app/mcp-auth-store-file.js";
import { resolveRunServerSpecs } from "../../app/run-server-specs.js";
import type { CliIo } from "../cli-io.js";
import { EXIT_FAILURE, EXIT_OK, usageError } from "../exit-error.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { renderTable } from "../render-table.js";
import { loadAgentConfigAndEnv } from "../load-agent-config.js";
import { describeAuthState } from "./describe-auth-state.js";

/** `mcp list`: every declared server connected as a run would, with its login state, tools and prompts. */
export async function mcpListCommand(argv: readonly string[], io: CliIo, usage: string): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    argv,
    { json: { type: "boolean" }, config: { type: "string" }, "env-file": { type: "string" } },
    usage,
  );
  if (positionals.length > 0) throw usageError(`unexpected argument "${positionals[0]}"`, usage);
  const { loaded, env } = await loadAgentConfigAndEnv(io, {
    ...(values.config ? { config: values.config } : {}),
    ...(values["env-file"] ? { envFile: values["env-file"] } : {}),
  });
  const store = createFileMcpAuthStore(mcpAuthStoreFile(loaded));
  const resolved = resolveRunServerSpecs(loaded, env);
  const mcp = await connectMcpServers({
    servers: resolved.servers,
    stdio: createStdioLauncher({ hostEnv: env, passthrough: loaded.config.tools.mcpEnvPassthrough }),
    runId: "mcp-list",
    toolOutputDir: `${loaded.artifactsDir}/tool-output`,
    callTimeoutMs: loaded.config.tools.mcpCallTimeoutMs,
    callMaxTotalTimeoutMs: loaded.config.tools.mcpCallMaxTotalTimeoutMs,
    auth: { store, loginHint: mcpLoginHint },
    ...(io.outputClosed ? { signal: io.outputClosed } : {}),
  });
  let prompts: Awaited<ReturnType<typeof mcp.listPrompts>> = [];
  try {
    prompts = await mcp.listPrompts();
  } finally {
    await mcp.close();
  }
  const records = store.list();
  const rows = Object.values(loaded.mcpServers).map((declared) => {
    const connected = mcp.servers.find((server) => server.name === declared.name);
    const skipped = resolved.skipped.find((entry) => entry.serverName === declared.name);
    const status =
      declared.spec.enabled === false ? "disabled" : (connected?.status ?? (skipped ? "failed" : "failed"));
    return {
      name: declared.name,
      transport:
        connected?.transport ?? ("command" in declared.spec ? "stdio" : (declared.spec.type ?? "auto")),
      status,
      ...((connected?.error ?? skipped?.message) ? { error: connected?.error ?? skipped?.message } : {}),
      auth: describeAuthState(declared, records),
      tools: connected?.toolNames ?? [],
      prompts: prompts
        .filter((prompt) => prompt.serverName === declared.name)
        .map((prompt) => ({
          name: prompt.name,
          ...(prompt.description ? { description: prompt.description } : {}),
          arguments: prompt.arguments,
        })),
    };
  });
  const ok = rows.every((row) => row.status !== "failed");
  if (values.json) {
    io.stdout.write(`${JSON.stringify({ ok, servers: rows })}\n`);
    return ok ? EXIT_OK : EXIT_FAILURE;
  }
  if (rows.length === 0) {
    io.stdout.write("No MCP servers are declared (tools.mcpConfigPath or tools.mcpServers).\n");
    return EXIT_OK;
  }
  io.stdout.write(
    renderTable(
      ["server", "transport", "status", "login", "tools", "prompts"],
      rows.map((row) => [
        row.name,
        row.transport,
        row.status,
        row.auth.text,
        String(row.tools.length),
        row.prompts.map((prompt) => `/${row.name}:${prompt.name}`).join(" ") || "-",
      ]),
    ),
  );
  for (const row of rows) if (row.error) io.stdout.write(`\n${row.name}: ${row.error}\n`);
  return ok ? EXIT_OK : EXIT_FAILURE;
}
