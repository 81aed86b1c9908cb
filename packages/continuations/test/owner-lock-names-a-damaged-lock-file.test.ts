import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { ContinuationError } from "../src/index.js";
import { acquireOwnerLock } from "../src/node/owner-lock.js";
import { STATE_FILES } from "../src/node/state-dir.js";
import { makeStateDir } from "./fixtures/host-kit.js";

describe("acquireOwnerLock", () => {
  test("a lock file that is not a database is store_failed naming the file, the cause and the fix", () => {
    const stateDir = makeStateDir();
    mkdirSync(stateDir, { mode: 0o700 });
    const file = join(stateDir, STATE_FILES.ownerLock);
    writeFileSync(file, "not a lock file ".repeat(512), { mode: 0o600 });
    let caught: unknown;
    try {
      acquireOwnerLock(stateDir).release();
    } catch (error) {
      caught = error;
    }
    expect(ContinuationError.isInstance(caught) && caught.code).toBe("store_failed");
    expect((caught as Error).message).toBe(
      `cannot lock ${file}: file is not a database; move it aside (it holds only the owning process id; the next start writes a new one)`,
    );
    renameSync(file, `${file}.damaged`);
    acquireOwnerLock(stateDir).release();
  });
});
