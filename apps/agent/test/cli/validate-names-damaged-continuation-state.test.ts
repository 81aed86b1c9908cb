import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { makeAgentFolder } from "./agent-folder.js";
import { runCli } from "./run-cli.js";

interface Line {
  status: string;
  message: string;
  code?: string;
  file?: string;
}

function continuationsSection(cwd: string) {
  const result = runCli(["validate", "--json"], { cwd });
  const report = JSON.parse(result.stdout) as { sections: { id: string; status: string; lines: Line[] }[] };
  return { result, section: report.sections.find((entry) => entry.id === "continuations") };
}

const config = { runtime: { model: "demo:demo" }, continuations: {} };

test("validate names damaged continuation state files (the service would refuse to start), and passes a clean folder", () => {
  const dir = makeAgentFolder(config);
  const clean = continuationsSection(dir);
  expect(clean.section?.lines.filter((line) => line.code === "continuation_state_damaged")).toEqual([]);

  const stateDir = join(dir, ".mono-agent", "continuations");
  mkdirSync(stateDir, { recursive: true, mode: 0o700 });
  chmodSync(stateDir, 0o700);
  writeFileSync(join(stateDir, "secret.key"), "short", { mode: 0o600 });
  writeFileSync(join(stateDir, "owner.lock"), "garbage, not a database", { mode: 0o600 });
  writeFileSync(join(stateDir, "operator.token"), "token\n", { mode: 0o644 });
  chmodSync(join(stateDir, "operator.token"), 0o644);

  const { result, section } = continuationsSection(dir);
  expect(result.exitCode).toBe(1);
  expect(section?.status).toBe("error");
  const damaged = section?.lines.filter((line) => line.code === "continuation_state_damaged") ?? [];
  expect(damaged.map((line) => line.file).sort()).toEqual(
    ["operator.token", "owner.lock", "secret.key"].map((name) => join(stateDir, name)),
  );
  const byFile = (name: string) => damaged.find((line) => line.file === join(stateDir, name))?.message;
  expect(byFile("secret.key")).toContain("holds 5 bytes, not 32; move it aside");
  expect(byFile("owner.lock")).toContain("is not an SQLite file; move it aside");
  expect(byFile("operator.token")).toContain(`has mode 644; run chmod 600`);
});
