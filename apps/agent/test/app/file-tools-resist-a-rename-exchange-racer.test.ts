import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createFauxModel } from "@mono-agent/test-utils/faux";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MonoAgentApp } from "../../src/app/start-mono-agent-app.js";
import {
  type Faux,
  realTempDir,
  runToolBatches,
  startFauxApp,
  type ToolOutcome,
  treeChecksums,
} from "./file-attack-kit.js";

/** Calls per raced family: the bound ("a concurrent exchanger over 500 tries"). */
const TRIES = 500;
/** Calls per assistant message: pi runs one message's calls concurrently, so batches keep the race busy. */
const BATCH = 100;

const INSIDE = "inside content\n";
const OUTSIDE_MARK = "OUTSIDE-RACED-MARK";

/**
 * The exchanger: swaps two names atomically with renameat2(RENAME_EXCHANGE) as fast as it can, so a
 * path is a regular file (or a real folder) one instant and a symlink to the outside the next.
 */
const RACER_C = `#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif
int main(int argc, char **argv) {
  if (argc != 3) return 2;
  for (;;)
    if (syscall(SYS_renameat2, AT_FDCWD, argv[1], AT_FDCWD, argv[2], RENAME_EXCHANGE) != 0) { perror("renameat2"); return 1; }
}
`;
const RACER_PY = `import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
a, b = os.fsencode(sys.argv[1]), os.fsencode(sys.argv[2])
while True:
    if libc.syscall(316, -100, a, -100, b, 2) != 0:
        sys.exit("renameat2: " + os.strerror(ctypes.get_errno()))
`;

let root: string;
let workspace: string;
let outside: string;
let racerCommand: string[] | undefined;
let skipReason = "";
let faux: Faux;
let app: MonoAgentApp;
const racers: ChildProcess[] = [];

/** A compiled C racer, else python3's ctypes (x86_64 syscall number), else undefined. */
function prepareRacer(): string[] | undefined {
  if (process.platform !== "linux") {
    skipReason = "renameat2 is Linux-only";
    return undefined;
  }
  const source = join(root, "racer.c");
  writeFileSync(source, RACER_C);
  const compiled = spawnSync("gcc", ["-O2", "-o", join(root, "racer"), source], { encoding: "utf8" });
  if (compiled.status === 0) return [join(root, "racer")];
  if (process.arch === "x64" && spawnSync("python3", ["-c", "import ctypes"]).status === 0) {
    writeFileSync(join(root, "racer.py"), RACER_PY);
    return ["python3", join(root, "racer.py")];
  }
  skipReason = "neither gcc nor python3 with ctypes is available to build the renameat2 exchanger";
  return undefined;
}

function startRacer(first: string, second: string): ChildProcess {
  const [command, ...args] = racerCommand!;
  const racer = spawn(command!, [...args, first, second], { stdio: ["ignore", "ignore", "pipe"] });
  racers.push(racer);
  return racer;
}

async function stopRacer(racer: ChildProcess): Promise<void> {
  if (racer.exitCode !== null || racer.signalCode !== null) return;
  const exited = new Promise((resolve) => racer.once("exit", resolve));
  racer.kill("SIGKILL");
  await exited;
}

function batches(count: number, call: (index: number) => { name: string; args: Record<string, unknown> }) {
  const all = Array.from({ length: count }, (_, index) => ({ id: `c${index}`, ...call(index) }));
  const out: (typeof all)[] = [];
  for (let start = 0; start < all.length; start += BATCH) out.push(all.slice(start, start + BATCH));
  return out;
}

/** Runs the calls while the racer swaps `first` and `second`; the racer must still be racing at the end. */
async function raced(
  first: string,
  second: string,
  count: number,
  call: (index: number) => { name: string; args: Record<string, unknown> },
): Promise<ToolOutcome[]> {
  const racer = startRacer(first, second);
  try {
    const { outcomes, status } = await runToolBatches(app, faux, batches(count, call));
    expect(status).toBe("succeeded");
    expect(racer.exitCode, "the exchanger stopped early").toBeNull();
    return [...outcomes.values()];
  } finally {
    await stopRacer(racer);
  }
}

function tally(outcomes: readonly ToolOutcome[], label?: string) {
  const counts = {
    leaked: outcomes.filter((outcome) => outcome.text.includes(OUTSIDE_MARK)).length,
    refused: outcomes.filter((outcome) => outcome.isError).length,
    succeeded: outcomes.filter((outcome) => !outcome.isError).length,
  };
  if (label) console.info(`${label}: ${JSON.stringify(counts)}`);
  return counts;
}

beforeAll(async () => {
  root = realTempDir("file-race-");
  racerCommand = prepareRacer();
  workspace = join(root, "agent");
  outside = join(root, "outside");
  mkdirSync(join(outside, "dir"), { recursive: true });
  mkdirSync(join(workspace, "racedir"), { recursive: true });
  writeFileSync(join(outside, "secret.txt"), `${OUTSIDE_MARK} file\n`);
  writeFileSync(join(outside, "dir", "f.txt"), `${OUTSIDE_MARK} in a folder\n`);
  writeFileSync(join(workspace, "race.txt"), INSIDE);
  symlinkSync(join(outside, "secret.txt"), join(workspace, "race-swap"));
  writeFileSync(join(workspace, "racedir", "f.txt"), INSIDE);
  symlinkSync(join(outside, "dir"), join(workspace, "racedir-swap"));
  writeFileSync(
    join(workspace, "mono-agent.config.json"),
    JSON.stringify({
      runtime: { model: "faux:test" },
      tools: { allowedTools: ["Read", "Write", "Edit", "Grep", "Glob"] },
    }),
  );
  faux = createFauxModel();
  app = await startFauxApp(faux, join(workspace, "mono-agent.config.json"), { recordRuns: false });
}, 60_000);

afterAll(async () => {
  for (const racer of racers) await stopRacer(racer);
  await app?.close();
});

describe("file tools against a concurrent renameat2(RENAME_EXCHANGE) exchanger", () => {
  it("Read of a file swapped with a symlink to the outside: 500 tries, never the outside file", async (context) => {
    if (!racerCommand) return context.skip(skipReason);
    const before = treeChecksums([outside]);
    const outcomes = await raced(join(workspace, "race.txt"), join(workspace, "race-swap"), TRIES, () => ({
      name: "Read",
      args: { path: "race.txt" },
    }));
    const counts = tally(outcomes, "Read, file swapped");
    expect(counts.leaked).toBe(0);
    expect(counts.refused + counts.succeeded).toBe(TRIES);
    // Both sides of the race were hit: some reads saw the file, some the swapped-in link (refused).
    expect(counts.refused).toBeGreaterThan(0);
    expect(counts.succeeded).toBeGreaterThan(0);
    for (const outcome of outcomes.filter((entry) => entry.isError))
      expect(outcome.text).toMatch(/outside the workspace|changed while it was being opened/);
    expect(treeChecksums([outside])).toEqual(before);
  }, 120_000);

  it("Read and Grep below a folder swapped with a symlinked folder: 500 tries, never the outside folder", async (context) => {
    if (!racerCommand) return context.skip(skipReason);
    const outcomes = await raced(
      join(workspace, "racedir"),
      join(workspace, "racedir-swap"),
      TRIES,
      (index) =>
        index % 5 === 4
          ? { name: "Grep", args: { pattern: "MARK|content", path: "." } }
          : { name: "Read", args: { path: "racedir/f.txt" } },
    );
    const counts = tally(outcomes, "Read/Grep, folder swapped");
    expect(counts.leaked).toBe(0);
    expect(counts.refused).toBeGreaterThan(0);
    expect(counts.succeeded).toBeGreaterThan(0);
  }, 120_000);

  it("Write and Edit while the file and the folder are swapped: the outside tree never changes", async (context) => {
    if (!racerCommand) return context.skip(skipReason);
    const before = treeChecksums([outside]);
    const fileRace = await raced(
      join(workspace, "race.txt"),
      join(workspace, "race-swap"),
      TRIES / 2,
      (index) =>
        index % 2 === 0
          ? { name: "Write", args: { path: "race.txt", content: `written ${index}\n` } }
          : { name: "Edit", args: { path: "race.txt", edits: [{ oldText: "content", newText: "edited" }] } },
    );
    const folderRace = await raced(
      join(workspace, "racedir"),
      join(workspace, "racedir-swap"),
      TRIES / 2,
      (index) => ({
        name: "Write",
        args: { path: `racedir/new-${index}.txt`, content: "planted\n" },
      }),
    );
    expect(tally(fileRace, "Write/Edit, file swapped").leaked).toBe(0);
    expect(tally(folderRace, "Write, folder swapped").leaked).toBe(0);
    expect(treeChecksums([outside])).toEqual(before);
    expect(readdirSync(join(outside, "dir"))).toEqual(["f.txt"]);
    expect(existsSync(join(outside, "new-0.txt"))).toBe(false);
    // Every write that went through landed in the workspace's own folder, whichever name it has now.
    const realFolder = ["racedir", "racedir-swap"]
      .map((name) => join(workspace, name))
      .find((path) => !lstatSync(path).isSymbolicLink())!;
    const landed = readdirSync(realFolder).filter((name) => name.startsWith("new-")).length;
    expect(landed).toBe(tally(folderRace).succeeded);
  }, 120_000);
});
