import { chmodSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { folderOthersCannotEnter } from "../src/testing/postgres-user-reach.js";

describe("test PostgreSQL's reach check", () => {
  const root = mkdtempSync(join(tmpdir(), "pg-reach-"));
  chmodSync(root, 0o755);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("names the first folder on the way that other users cannot enter, with its mode", () => {
    const closed = join(root, "closed");
    const binaries = join(closed, "clone", "node_modules", "bin");
    mkdirSync(binaries, { recursive: true });
    chmodSync(closed, 0o700);
    expect(folderOthersCannotEnter(binaries)).toEqual({ folder: closed, mode: "0700" });
    chmodSync(closed, 0o711);
    expect(folderOthersCannotEnter(binaries)).toBeUndefined();
  });

  it("passes a path whose every folder others can enter", () => {
    const open = join(root, "open", "data");
    mkdirSync(open, { recursive: true });
    expect(folderOthersCannotEnter(open)).toBeUndefined();
  });
});
