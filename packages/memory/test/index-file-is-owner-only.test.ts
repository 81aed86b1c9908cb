import { chmodSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openLiteMemoryStore } from "../src/lite/index.js";
import { tempRoot } from "./helpers.js";

const mode = (path: string) => statSync(path).mode & 0o777;

describe("the memory index is owner-only, like its folder", () => {
  it("is created 0600 in a 0700 folder, and an index left 0644 is tightened on open", async () => {
    const root = tempRoot();
    const store = openLiteMemoryStore({ root });
    await store.remember({ text: "The deploy window is Tuesday", signal: new AbortController().signal });
    store.close();
    const index = join(root, ".index", "memory.db");
    expect(mode(join(root, ".index"))).toBe(0o700);
    expect(mode(index)).toBe(0o600);
    chmodSync(index, 0o644);
    openLiteMemoryStore({ root }).close();
    expect(mode(index)).toBe(0o600);
  });
});
