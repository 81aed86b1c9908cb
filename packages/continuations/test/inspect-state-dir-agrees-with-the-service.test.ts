import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { inspectStateDir } from "../src/node.js";
import { acquireOwnerLock } from "../src/node/owner-lock.js";
import { STATE_FILES } from "../src/node/state-dir.js";
import { readStateSecret, writeOperatorTokenFile } from "../src/node/state-dir.js";
import { makeStateDir } from "./fixtures/host-kit.js";

describe("inspectStateDir", () => {
  test("finds nothing in a missing folder or in the files the service itself writes (the lock held or not)", () => {
    const stateDir = makeStateDir();
    expect(inspectStateDir(stateDir)).toEqual([]);
    mkdirSync(stateDir, { mode: 0o700 });
    readStateSecret(stateDir);
    writeOperatorTokenFile(stateDir, "operator-token");
    const lock = acquireOwnerLock(stateDir);
    try {
      expect(inspectStateDir(stateDir)).toEqual([]);
    } finally {
      lock.release();
    }
    expect(inspectStateDir(stateDir)).toEqual([]);
  });

  test("names each file the service would refuse, with the fix, and changes nothing", () => {
    const stateDir = makeStateDir();
    mkdirSync(stateDir, { mode: 0o700 });
    chmodSync(stateDir, 0o755);
    writeFileSync(join(stateDir, STATE_FILES.secret), Buffer.alloc(64), { mode: 0o600 });
    writeFileSync(join(stateDir, STATE_FILES.ownerLock), "x", { mode: 0o600 });
    mkdirSync(join(stateDir, STATE_FILES.database));
    expect(inspectStateDir(stateDir)).toEqual([
      {
        file: stateDir,
        message: `the continuation state ${stateDir} has mode 755; run chmod 700 ${stateDir}`,
      },
      {
        file: join(stateDir, STATE_FILES.database),
        message: `the continuation state ${join(stateDir, STATE_FILES.database)} is not a regular file; move it aside`,
      },
      {
        file: join(stateDir, STATE_FILES.ownerLock),
        message: `the continuation state ${join(stateDir, STATE_FILES.ownerLock)} is not an SQLite file; move it aside (it holds only the owning process id; the next start writes a new one)`,
      },
      {
        file: join(stateDir, STATE_FILES.secret),
        message: `the continuation state ${join(stateDir, STATE_FILES.secret)} holds more than 32 bytes, not 32; move it aside (outstanding result tokens become invalid)`,
      },
    ]);
  });
});
