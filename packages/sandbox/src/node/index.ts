export { type GitHostConfigurationPath, gitHostConfigurationPaths } from "./git-host-configuration.js";
export {
  type HostProcessLedger,
  type OwnedPathIdentity,
  openHostProcessLedger,
} from "./host-process-ledger.js";
export { createDenyWriteMatcher, type DenyWriteMatcher, matchesDenyWrite } from "./matches-deny-write.js";
export {
  type PrepareSandboxedCommandOptions,
  type ProtectedPaths,
  prepareSandboxedCommand,
  type SandboxSpawnSpec,
} from "./prepare-sandboxed-command.js";
export { probeSandboxEngine, type SandboxEngineStatus } from "./probe-sandbox-engine.js";
export { type ReapReport, reapHostProcessLeftovers } from "./reap-host-process-leftovers.js";
export {
  CONFINED_TOOLS,
  probeSandboxEarly,
  type SandboxRunWarning,
  sandboxRunWarnings,
} from "./sandbox-run-warnings.js";
export { type SpawnProcessGroupOptions, spawnProcessGroup } from "./spawn-process-group.js";
export { type StartSandboxedProcessOptions, startSandboxedProcess } from "./start-sandboxed-process.js";
