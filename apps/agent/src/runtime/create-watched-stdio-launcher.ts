import type { EnvRecord } from "@mono-agent/config";
import { createStdioLauncher } from "@mono-agent/mcp-bridge/stdio";
import { spawnProcessGroup } from "@mono-agent/sandbox/node";

/**
 * The bridge's stdio launcher with every server started under the sandbox package's watchdog: the whole
 * process group is killed when this host process is gone (even by SIGKILL) and is recorded in the host
 * ledger, so the next start reaps what a crash left. Used by runs and by `mono-agent mcp list`.
 */
export function createWatchedStdioLauncher(hostEnv: EnvRecord, passthrough: readonly string[] | undefined) {
  return createStdioLauncher({
    hostEnv,
    ...(passthrough ? { passthrough } : {}),
    spawn: ({ command, args, env, cwd }) =>
      spawnProcessGroup(command, args, {
        env,
        ...(cwd !== undefined ? { cwd } : {}),
        stdio: ["pipe", "pipe", "pipe"],
      }),
  });
}
