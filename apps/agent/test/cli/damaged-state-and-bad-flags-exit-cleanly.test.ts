import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { fixtureServerConfig, makeAgentFolder } from "./agent-folder.js";
import { runCli } from "./run-cli.js";

/** An agent folder with one recorded run, whose runs.sqlite is then overwritten with bytes that are no database. */
function folderWithDamagedRunStore(): { dir: string; store: string; runId: string } {
  const dir = makeAgentFolder(fixtureServerConfig());
  const first = runCli(["run", "--json", "please echo one"], { cwd: dir });
  expect(first.exitCode, first.stderr).toBe(0);
  const runId = (JSON.parse(first.stdout.split("\n")[0]!) as { runId: string }).runId;
  const store = join(dir, ".mono-agent", "artifacts", "runs.sqlite");
  writeFileSync(store, "this is not a database, it was damaged by a full disk\n".repeat(100));
  return { dir, store, runId };
}

function expectNoStackTrace(stderr: string): void {
  expect(stderr).not.toContain("unexpected error");
  expect(stderr).not.toMatch(/\n\s+at /);
}

describe("a damaged run store", () => {
  test("run exits 1 naming the store, and does not hang on the stores it had already opened", () => {
    const { dir, store } = folderWithDamagedRunStore();
    const result = runCli(["run", "please echo two"], { cwd: dir });
    // spawnSync's timeout leaves exitCode null: a hang fails here, not by the test timing out.
    expect(result.exitCode, result.stderr).toBe(1);
    expect(result.stderr).toContain(`Could not open the run store ${store}`);
    expectNoStackTrace(result.stderr);
    expect(readFileSync(store, "utf8")).toContain("this is not a database");
  }, 120_000);

  test("runs show and runs list exit 1 with the cause and the fix, never a stack trace", () => {
    const { dir, store, runId } = folderWithDamagedRunStore();
    for (const args of [
      ["runs", "show", runId],
      ["runs", "list"],
    ]) {
      const result = runCli(args, { cwd: dir });
      expect(result.exitCode, result.stderr).toBe(1);
      expect(result.stderr).toContain(`move ${store} aside to start a new one`);
      expectNoStackTrace(result.stderr);
    }
  }, 120_000);
});

describe("bad flags and paths", () => {
  test("serve --port out of range exits 2 at once, before the app holds the process open", () => {
    const dir = makeAgentFolder(fixtureServerConfig());
    for (const port of ["99999", "abc"]) {
      const result = runCli(["serve", "--port", port], { cwd: dir });
      expect(result.exitCode, result.stderr).toBe(2);
      expect(result.stderr).toContain(`--port ${port} is not a port; use 0..65535`);
    }
  }, 120_000);

  test("init onto a file, or under one, exits 1 naming the path and writes nothing", () => {
    const root = mkdtempSync(join(tmpdir(), "mono-agent-init-"));
    const file = join(root, "notes.txt");
    writeFileSync(file, "keep me\n");
    const onFile = runCli(["init", file], { cwd: root });
    expect(onFile.exitCode, onFile.stderr).toBe(1);
    expect(onFile.stderr).toContain(`${file} is a file, not a folder; pass a new or empty folder`);
    const under = runCli(["init", join(file, "agent")], { cwd: root });
    expect(under.exitCode, under.stderr).toBe(1);
    expect(under.stderr).toContain("a file stands in its path");
    for (const result of [onFile, under]) expectNoStackTrace(result.stderr);
    expect(readFileSync(file, "utf8")).toBe("keep me\n");
  });

  test("init into a new nested folder still works", () => {
    const root = mkdtempSync(join(tmpdir(), "mono-agent-init-"));
    mkdirSync(join(root, "a"));
    const result = runCli(["init", join(root, "a", "b")], { cwd: root });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(readFileSync(join(root, "a", "b", "mono-agent.config.json"), "utf8")).toContain("demo:demo");
  });
});
