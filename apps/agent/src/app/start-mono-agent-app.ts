import { loadMonoAgentConfig } from "@mono-agent/config";
import { prelaunchableServers } from "@mono-agent/mcp-bridge";
import {
  createPrelaunchingStdioLauncher,
  type PrelaunchingStdioLauncher,
} from "@mono-agent/mcp-bridge/stdio";
import { assertApprovalRules, createToolPolicy } from "@mono-agent/policy";
import { probeSandboxEarly } from "@mono-agent/sandbox/node";
import { conversationStoreFile } from "../conversations/conversation-store-file.js";
import { createWatchedStdioLauncher } from "../runtime/create-watched-stdio-launcher.js";
import { startHostLedger } from "./host-leftovers.js";
import type { MonoAgentApp, StartMonoAgentAppOptions } from "./mono-agent-app.js";
import { type StartupWarning, startOptional } from "./startup-warnings.js";

export type { MonoAgentApp, StartMonoAgentAppOptions } from "./mono-agent-app.js";
export { conversationStoreFile };

/**
 * Loads the config, checks the tool policy and opens the stores. Throws `MonoAgentConfigError` or
 * `ToolPolicyError` for bad configuration before anything is started.
 *
 * Only the config, the policy and the host ledger are loaded here; with `prelaunchStdioServers` the
 * declared stdio servers start next, and boot while the rest of the app (stores, model stack) loads.
 */
export async function startMonoAgentApp(options: StartMonoAgentAppOptions): Promise<MonoAgentApp> {
  const loaded = await loadMonoAgentConfig({
    cwd: options.cwd,
    env: options.env,
    ...(options.configPath !== undefined ? { configPath: options.configPath } : {}),
    ...(options.config !== undefined ? { config: options.config } : {}),
  });
  const policy = createToolPolicy({
    allowedTools: loaded.config.tools.allowedTools,
    disallowedTools: loaded.config.tools.disallowedTools,
  });
  if (loaded.config.tools.approval.mode !== "off") assertApprovalRules(loaded.config.tools.approval);
  const startupWarnings: StartupWarning[] = [];
  // Before any server starts: the ledger records each server's process group.
  const ledger = await startOptional(
    startupWarnings,
    "host_ledger_unavailable",
    "Reaping after a crash",
    () => startHostLedger(loaded),
  );
  let stdio: PrelaunchingStdioLauncher | undefined;
  if (options.prelaunchStdioServers === true) {
    stdio = createPrelaunchingStdioLauncher(
      createWatchedStdioLauncher(options.env, loaded.config.tools.mcpEnvPassthrough),
    );
    for (const spec of prelaunchableServers(loaded, options.env)) stdio.prelaunch(spec);
    // The run's sandbox check too: starting bwrap costs less now than once the model stack is loaded.
    probeSandboxEarly(loaded, policy, options.env);
  }
  try {
    const { openMonoAgentApp } = await import("./open-mono-agent-app.js");
    return await openMonoAgentApp(options, {
      loaded,
      policy,
      startupWarnings,
      ledger,
      ...(stdio ? { stdio, closeUnusedServers: stdio.closeUnused } : {}),
    });
  } catch (error) {
    await stdio?.closeUnused();
    throw error;
  }
}
