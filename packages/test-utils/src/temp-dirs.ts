import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

const created: string[] = [];
let cleanupRegistered = false;

/**
 * A fresh directory under the OS temp dir (real path, so it compares equal to what the code under test
 * resolves), removed when the test file finishes. `prefix` names the test in `ls /tmp`.
 */
export function tempDir(prefix = "mono-agent-test-"): string {
  if (!cleanupRegistered) {
    cleanupRegistered = true;
    afterAll(removeTempDirs);
  }
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  created.push(dir);
  return dir;
}

/** Removes every directory {@link tempDir} made so far (called after the file's tests; callable earlier). */
export function removeTempDirs(): void {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
}
