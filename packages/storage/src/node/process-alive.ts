/**
 * True when a process with this pid exists on this host: `process.kill(pid, 0)` succeeds, or fails with
 * EPERM (it exists, owned by another user). Anything that is not a positive integer is never alive. The
 * one liveness rule of the stores' owner checks (lock holders, run owners, open tool calls, asks).
 */
export function processAlive(pid: unknown): boolean {
  if (typeof pid !== "number" || !Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
