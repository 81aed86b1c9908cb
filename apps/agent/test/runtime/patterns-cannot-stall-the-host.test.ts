import { mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createGlobTool } from "../../src/runtime/glob-tool.js";
import { createGrepTool } from "../../src/runtime/grep-tool.js";
import { matchesToolGlob } from "@mono-agent/policy";
import { openPatternSearch, PATTERN_MAX_CHARACTERS } from "../../src/runtime/pattern-search.js";
import { createFileAccess } from "../../src/runtime/file-access.js";
import { openWorkspace } from "../../src/runtime/workspace-paths.js";

const HOSTILE_LINE = `${"a".repeat(33)}!`;

/** The longest gap between ticks of a 10 ms interval while `work` runs: how long the event loop was blocked. */
async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number }> {
  let last = performance.now();
  let stallMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 10);
  try {
    const result = await work();
    stallMs = Math.max(stallMs, performance.now() - last);
    return { result, stallMs };
  } finally {
    clearInterval(timer);
  }
}

const root = realpathSync(mkdtempSync(join(tmpdir(), "patterns-")));
writeFileSync(join(root, "hostile.txt"), `${HOSTILE_LINE}\nplain line\nfoobar\n`);
writeFileSync(join(root, `${"a".repeat(40)}.txt`), "x\n");
const files = createFileAccess({ workspace: openWorkspace(root) });
const grep = createGrepTool(files);
const glob = createGlobTool(files);
const text = (result: { content: { type: string; text?: string }[] }) =>
  result.content.map((block) => block.text ?? "").join("\n");

describe("no pattern can stall the host", () => {
  it("(a+)+$ over 34 characters is answered by the linear engine at once, with the event loop free", async () => {
    const { result, stallMs } = await longestStall(() =>
      grep.execute("call-1", { pattern: "(a+)+$" }, undefined, undefined),
    );
    expect(text(result)).toBe("No matches for (a+)+$");
    expect(stallMs).toBeLessThan(200);
    const found = await grep.execute("call-2", { pattern: "^(a+)+!$" }, undefined, undefined);
    expect(text(found)).toBe(`hostile.txt:1: ${HOSTILE_LINE}`);
  });

  it("keeps JavaScript syntax: lookbehind, case-insensitivity, escapes; lookahead and backreferences on V8", async () => {
    const matches = async (pattern: string, lines: string[], ignoreCase = false) => {
      const search = await openPatternSearch({ pattern, ignoreCase });
      try {
        return await search.matchingLines(lines, 10);
      } finally {
        await search.close();
      }
    };
    expect(await matches("(?<=foo)bar", ["foobar", "bar"])).toEqual([0]);
    expect(await matches("FOO\\w+", ["xfoobar", "foo"], true)).toEqual([0]);
    expect(await matches("\\bfun\\s*\\(", ["fun (", "funny("])).toEqual([0]);
    expect(await matches("foo(?=bar)", ["foobar", "foobaz"])).toEqual([0]);
    expect(await matches("(\\w)\\1", ["aa", "ab"])).toEqual([0]);
    expect(await matches("a.c", ["abc", "a.c", "ac"])).toEqual([0, 1]);
  });

  it("a backtracking pattern out of its budget fails with a clear error while the event loop stays free", async () => {
    const search = await openPatternSearch({ pattern: "(?=(a+)+$)b", budgetMs: 300 });
    const { result, stallMs } = await longestStall(() =>
      search.matchingLines([HOSTILE_LINE], 1).then(
        () => "answered",
        (error: Error & { code?: string }) => error,
      ),
    );
    expect(result).toMatchObject({
      code: "invalid_tool_arguments",
      message: expect.stringContaining("did not finish matching within 0.3 s, its time budget"),
    });
    expect(stallMs).toBeLessThan(200);
    await expect(search.matchingLines(["b"], 1)).rejects.toMatchObject({ code: "invalid_tool_arguments" });
  });

  it("cancelling a search ends it at once", async () => {
    const controller = new AbortController();
    const search = await openPatternSearch({ pattern: "(?=(a+)+$)b", signal: controller.signal });
    const pending = search.matchingLines([HOSTILE_LINE], 1);
    setTimeout(() => controller.abort(new Error("cancelled by the test")), 50);
    await expect(pending).rejects.toThrow("cancelled by the test");
  });

  it("refuses an invalid or over-long pattern with the fix", async () => {
    await expect(grep.execute("call-3", { pattern: "a(b" }, undefined, undefined)).rejects.toMatchObject({
      code: "invalid_tool_arguments",
      message: expect.stringMatching(/is not a valid regular expression .*pass literal: true/),
    });
    await expect(
      grep.execute("call-4", { pattern: `(${"x".repeat(PATTERN_MAX_CHARACTERS)})` }, undefined, undefined),
    ).rejects.toMatchObject({
      message: expect.stringContaining(`at most ${PATTERN_MAX_CHARACTERS} are accepted`),
    });
    const literal = await grep.execute("call-5", { pattern: "a(b", literal: true }, undefined, undefined);
    expect(text(literal)).toBe("No matches for a(b");
  });

  it("a glob of many stars matches in linear time (Glob, Grep's glob, MCP include/exclude)", async () => {
    const stars = "*a*a*a*a*a*a*a*a*a*a*a*a*b";
    const { result, stallMs } = await longestStall(async () => [
      text(await glob.execute("call-6", { pattern: stars }, undefined, undefined)),
      text(await grep.execute("call-7", { pattern: "x", glob: stars }, undefined, undefined)),
      matchesToolGlob(stars, "a".repeat(200)),
    ]);
    expect(result).toEqual([`No files match ${stars}`, "No matches for x", false]);
    expect(stallMs).toBeLessThan(200);
    await expect(glob.execute("call-8", { pattern: "[z-a]" }, undefined, undefined)).rejects.toMatchObject({
      code: "invalid_tool_arguments",
    });
  });
});
