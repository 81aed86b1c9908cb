import { memoryRootProblem } from "./memory-root-problem.js";

/**
 * The memory folder of a loaded config (`memory.path` with env overrides applied, as `memoryDir`), or the
 * problem that keeps an operator command from using it: memory not configured, or `memory.path` not a folder.
 */
export function configuredMemoryRoot(loaded: {
  memoryDir?: string | undefined;
}): { root: string } | { problem: string } {
  if (!loaded.memoryDir) {
    return {
      problem:
        'memory is not configured; add "memory": { "path": "./memory" } to the config (or set MONO_AGENT_MEMORY_PATH)',
    };
  }
  const problem = memoryRootProblem(loaded.memoryDir);
  return problem === undefined ? { root: loaded.memoryDir } : { problem };
}
