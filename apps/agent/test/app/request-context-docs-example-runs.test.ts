import { cpSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { runCli } from "../cli/run-cli.js";

const EXAMPLE = fileURLToPath(new URL("../fixtures/mcp-env/request-context-example/", import.meta.url));
const AGENT_NODE_MODULES = fileURLToPath(new URL("../../node_modules/", import.meta.url));

test("the docs/request-context.md example runs: attachment read, progress shown, context echoed", () => {
  const dir = mkdtempSync(join(tmpdir(), "request-context-example-"));
  cpSync(EXAMPLE, dir, { recursive: true });
  symlinkSync(AGENT_NODE_MODULES, join(dir, "node_modules"));
  writeFileSync(join(dir, "notes.txt"), "three little words");
  const result = runCli(["run", "--attach", "notes.txt", "read my attachments"], { cwd: dir });
  expect(result.stderr).toBe("");
  expect(result.exitCode).toBe(0);
  expect(result.stdout).toContain("… read-attachments: reading notes.txt");
  expect(result.stdout).toContain("✓ read-attachments: read 1 attachment(s)");
  expect(result.stdout).toMatch(/> conversation cli:default, run \d{8}T\d{6}Z-[0-9a-f]{8}/);
  expect(result.stdout).toContain("> notes.txt: 3 words");
});
