import { execFileSync } from "node:child_process";
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentTool } from "@earendil-works/pi-agent-core";
import { FILE_TOOL_MAX_READ_BYTES } from "@mono-agent/tools/node";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createBuiltinTools } from "../../src/runtime/builtin-tools.js";

let root: string;
let workspace: string;

beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), "file-tools-open-")));
  workspace = join(root, "workspace");
  mkdirSync(join(workspace, "docs"), { recursive: true });
  writeFileSync(join(workspace, "docs", "guide.md"), "the guide\n");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function tool(name: string, options: { readableRoots?: string[]; writableRoots?: string[] } = {}): AgentTool {
  const found = createBuiltinTools({ workspaceDir: workspace, env: {}, enabled: [name], ...options })[0];
  if (!found) throw new Error(`no ${name}`);
  return found;
}

const text = (result: { content: { type: string; text?: string }[] }) =>
  result.content.map((block) => block.text ?? "").join("\n");

describe("file tools open safely", () => {
  it("read through a symlink that stays inside the workspace", async () => {
    symlinkSync("docs/guide.md", join(workspace, "GUIDE"));
    expect(text(await tool("Read").execute("c", { path: "GUIDE" }))).toContain("the guide");
  });

  it("refuse a FIFO without blocking, and Grep skips it", async () => {
    execFileSync("mkfifo", [join(workspace, "pipe")]);
    await expect(tool("Read").execute("c", { path: "pipe" })).rejects.toThrow(/not a regular file/);
    expect(text(await tool("Grep").execute("c", { pattern: "guide" }))).toContain(
      "docs/guide.md:1: the guide",
    );
  });

  it("refuse a file larger than the read bound by name", async () => {
    writeFileSync(join(workspace, "huge.log"), "");
    truncateSync(join(workspace, "huge.log"), FILE_TOOL_MAX_READ_BYTES + 1);
    await expect(tool("Read").execute("c", { path: "huge.log" })).rejects.toThrow(/larger than the 32 MiB/);
  });

  it("Write replaces a file atomically, keeps its permission bits and leaves no temp file", async () => {
    const script = join(workspace, "run.sh");
    writeFileSync(script, "echo old\n");
    chmodSync(script, 0o750);
    await tool("Write").execute("c", { path: "run.sh", content: "echo new\n" });
    expect(readFileSync(script, "utf8")).toBe("echo new\n");
    expect(statSync(script).mode & 0o777).toBe(0o750);
    await tool("Edit").execute("c", { path: "run.sh", edits: [{ oldText: "new", newText: "newer" }] });
    expect(readFileSync(script, "utf8")).toBe("echo newer\n");
    expect(readdirSync(workspace).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("Write creates missing folders one by one, and refuses a folder path or a special file", async () => {
    await tool("Write").execute("c", { path: "a/b/c/new.txt", content: "deep" });
    expect(readFileSync(join(workspace, "a", "b", "c", "new.txt"), "utf8")).toBe("deep");
    await expect(tool("Write").execute("c", { path: "docs", content: "x" })).rejects.toThrow(/directory/);
  });

  it("extra roots: readable ones are read, never written; writable ones are both", async () => {
    mkdirSync(join(root, "shared"));
    mkdirSync(join(root, "out"));
    writeFileSync(join(root, "shared", "notes.txt"), "shared notes\n");
    const roots = { readableRoots: ["../shared"], writableRoots: [join(root, "out")] };
    expect(text(await tool("Read", roots).execute("c", { path: "../shared/notes.txt" }))).toContain(
      "shared notes",
    );
    await expect(
      tool("Write", roots).execute("c", { path: "../shared/notes.txt", content: "x" }),
    ).rejects.toThrow(/outside the workspace .* and the extra roots/);
    await tool("Write", roots).execute("c", { path: join(root, "out", "result.txt"), content: "done" });
    expect(readFileSync(join(root, "out", "result.txt"), "utf8")).toBe("done");
    expect(text(await tool("Glob", roots).execute("c", { pattern: "*.txt", path: "../shared" }))).toBe(
      "notes.txt",
    );
  });
});
