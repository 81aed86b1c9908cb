import { writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { openLiteMemoryStore } from "@mono-agent/memory/lite";
import { describe, expect, test } from "vitest";
import { makeAgentFolder } from "./agent-folder.js";
import { runCliInProcess } from "./run-cli.js";

async function seededFolder(config: Record<string, unknown> = {}) {
  const dir = makeAgentFolder({ runtime: { model: "demo:demo" }, memory: { path: "./memory" }, ...config });
  const store = openLiteMemoryStore({ root: join(dir, "memory") });
  const kept = await store.remember({ text: "The staging server is stg-3" });
  const dropped = await store.remember({ text: "The temporary door code is 9911" });
  store.close();
  return { dir, keptId: kept.id, droppedId: dropped.id };
}

describe("mono-agent memory", () => {
  test("stats, today, show and search report the store; rebuild rebuilds the index", async () => {
    const { dir, keptId } = await seededFolder();
    const stats = JSON.parse((await runCliInProcess(["memory", "stats", "--json"], { cwd: dir })).stdout);
    expect(stats).toMatchObject({ ok: true, stats: { memories: 2, dailyFiles: 1, indexedMemories: 2 } });
    const today = await runCliInProcess(["memory", "today"], { cwd: dir });
    expect(today.stdout).toContain(`${keptId}  open       The staging server is stg-3`);
    const date = new Date().toISOString().slice(0, 10);
    expect((await runCliInProcess(["memory", "show", date], { cwd: dir })).stdout).toContain("door code");
    const search = JSON.parse(
      (await runCliInProcess(["memory", "search", "staging", "--json"], { cwd: dir })).stdout,
    );
    expect(search.hits.map((hit: { id: string }) => hit.id)).toEqual([keptId]);
    expect(
      JSON.parse((await runCliInProcess(["memory", "rebuild", "--json"], { cwd: dir })).stdout),
    ).toMatchObject({
      ok: true,
      rebuilt: { memories: 2 },
    });
  });

  test("forget prepare -> apply drops the fact (not searchable); restore brings it back", async () => {
    const { dir, droppedId } = await seededFolder();
    const idsFile = join(dir, "ids.txt");
    writeFileSync(idsFile, `${droppedId}\n`);
    const plan = join(dirname(dir), `${basename(dir)}-forget-plan.json`);
    const prepare = await runCliInProcess(
      ["memory", "forget", "prepare", "--ids-file", idsFile, "--reason", "user-request", "--plan", plan],
      { cwd: dir },
    );
    expect(prepare.exitCode).toBe(0);
    const apply = JSON.parse(
      (await runCliInProcess(["memory", "forget", "apply", "--plan", plan, "--json"], { cwd: dir })).stdout,
    );
    expect(apply).toMatchObject({ ok: true, dropped: [droppedId] });
    expect((await runCliInProcess(["memory", "search", "door code"], { cwd: dir })).stdout).toContain(
      "No memories matched",
    );
    const restore = await runCliInProcess(["memory", "forget", "restore", "--backup", apply.backupDir], {
      cwd: dir,
    });
    expect(restore.exitCode).toBe(0);
    expect((await runCliInProcess(["memory", "search", "door code"], { cwd: dir })).stdout).toContain(
      droppedId,
    );
  });

  test("misuse exits 2: unknown subcommand, forget flags elsewhere, a bad date", async () => {
    const { dir } = await seededFolder();
    expect((await runCliInProcess(["memory", "frobnicate"], { cwd: dir })).exitCode).toBe(2);
    expect((await runCliInProcess(["memory", "stats", "--plan", "x"], { cwd: dir })).exitCode).toBe(2);
    expect((await runCliInProcess(["memory", "show", "yesterday"], { cwd: dir })).exitCode).toBe(2);
    for (const impossible of ["2024-13-45", "2023-02-30"]) {
      const show = await runCliInProcess(["memory", "show", impossible], { cwd: dir });
      expect(show.exitCode).toBe(2);
      expect(show.stderr).toContain(`expected a date YYYY-MM-DD, got "${impossible}"`);
    }
    expect(
      (await runCliInProcess(["memory", "forget", "apply", "--reason", "x"], { cwd: dir })).exitCode,
    ).toBe(2);
  });

  test("validate tells the memory truth: store path, counts, and which tools are offered and why not", async () => {
    const { dir } = await seededFolder({ tools: { allowedTools: [] } });
    const report = JSON.parse((await runCliInProcess(["validate", "--json"], { cwd: dir })).stdout);
    const memory = report.sections.find((section: { id: string }) => section.id === "memory");
    const messages = memory.lines.map((line: { message: string }) => line.message).join("\n");
    expect(messages).toContain(`Memory store (lite): ${join(dir, "memory")}`);
    expect(messages).toContain("2 memories in 1 daily files");
    expect(messages).toContain("MemoryRecall offered as mcp__mono-agent-memory__MemoryRecall");
    expect(messages).toMatch(/Remember not offered: .*allowedTools/);
    const tools = report.sections.find((section: { id: string }) => section.id === "tools");
    const noTools = tools.lines.find((line: { code?: string }) => line.code === "no_tools_allowed");
    expect(noTools).toMatchObject({ status: "warning" });
    expect(noTools.message).toContain("MemoryRecall");
  });
});
