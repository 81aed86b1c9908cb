import { describe, expect, test } from "vitest";
import { runStart, tempStore } from "./fixtures/temp-store.js";

// Listing, paging, filters and settle guards are in run-store-contract.test.ts (SQLite and PostgreSQL).
describe("run store listing on SQLite", () => {
  test("a read-only store reads and refuses writes; a missing file is store_failed", async () => {
    const { store, artifactsDir } = tempStore();
    await store.beginRun(runStart("ro-1"));
    const { openRunStore } = await import("../src/sqlite.js");
    const readOnly = openRunStore({ file: store.file, readOnly: true });
    expect((await readOnly.getRun("ro-1"))?.status).toBe("running");
    await expect(readOnly.beginRun(runStart("ro-2"))).rejects.toMatchObject({ code: "store_failed" });
    await readOnly.close();
    expect(() => openRunStore({ file: `${artifactsDir}/missing.sqlite`, readOnly: true })).toThrow(
      /does not exist/,
    );
  });
});
