import { join } from "node:path";
import type { LoadedConfig } from "@mono-agent/config";
import {
  type HostProcessLedger,
  openHostProcessLedger,
  reapHostProcessLeftovers,
} from "@mono-agent/sandbox/node";

/** Where each mono-agent process records what must not outlive it: `<artifacts>/host-processes`. */
export const hostLedgerDir = (loaded: LoadedConfig) => join(loaded.artifactsDir, "host-processes");

/**
 * On start: reaps what processes of this agent folder that died (kill -9, power loss) left behind —
 * their process groups still running (Bash commands, stdio servers) and their run scratch directories —
 * then opens this process's own ledger, in which every process group, sandbox placeholder and run
 * output directory of this process is recorded until it is released.
 */
export async function startHostLedger(loaded: LoadedConfig): Promise<HostProcessLedger> {
  const directory = hostLedgerDir(loaded);
  await reapHostProcessLeftovers({ directory });
  return openHostProcessLedger({ directory });
}
