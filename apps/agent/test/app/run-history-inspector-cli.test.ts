import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, test } from "vitest";
import { assistant, openRunHistoryHarness } from "./run-history-harness.js";

/**
 * An MCP client we did not write: the official MCP Inspector CLI, a pinned devDependency (1.0.3), run from
 * its installed bin. Skipped, with the reason, if it is not installed.
 */
const INSPECTOR = "@modelcontextprotocol/inspector-cli";
const INSPECTOR_BIN = (() => {
  try {
    return fileURLToPath(new URL("build/cli.js", import.meta.resolve(`${INSPECTOR}/package.json`)));
  } catch {
    return undefined;
  }
})();
const run = promisify(execFile);
/**
 * The working folder of the Inspector: 1.0.3 picks its own package.json by testing `../package.json`
 * against the process's working folder (an upstream quirk), so it runs one level below a package.json.
 */
const inspectorCwd = join(mkdtempSync(join(tmpdir(), "mcp-inspector-")), "work");
mkdirSync(inspectorCwd);
writeFileSync(join(inspectorCwd, "..", "package.json"), "{}\n");
const npx = (args: string[]) =>
  run(process.execPath, [INSPECTOR_BIN ?? "", ...args], {
    cwd: inspectorCwd,
    timeout: 240_000,
    maxBuffer: 8 * 1024 * 1024,
  });

const unavailable = INSPECTOR_BIN
  ? await npx(["--help"]).then(
      () => undefined,
      (error: Error) => `${INSPECTOR} does not start (${error.message.split("\n")[0]})`,
    )
  : `${INSPECTOR} is not installed`;
if (unavailable) console.warn(`Skipping the MCP Inspector test: ${unavailable}`);

const opened = openRunHistoryHarness();
afterAll(() => opened.closeAll());

describe.skipIf(unavailable !== undefined)("RunHistory through the official MCP Inspector CLI", () => {
  test("the Inspector lists RunHistory and calls it on a live request-scoped endpoint", {
    timeout: 300_000,
  }, async () => {
    await opened.seed({
      runId: "run-flights",
      userInput: "north Spain flights",
      events: [assistant("Found 3 flights.")],
    });
    const provided = await opened.provide({ runId: "run-now" });
    try {
      const server = provided.servers[0];
      const url = server?.transport === "http" ? server.url : "";
      const listed = JSON.parse(
        (await npx(["--cli", url, "--transport", "http", "--method", "tools/list"])).stdout,
      );
      expect(listed.tools.map((tool: { name: string }) => tool.name)).toEqual(["RunHistory"]);
      const called = JSON.parse(
        (
          await npx([
            "--cli",
            url,
            "--transport",
            "http",
            "--method",
            "tools/call",
            "--tool-name",
            "RunHistory",
            "--tool-arg",
            "query=flights",
          ])
        ).stdout,
      );
      expect(called.structuredContent.runs.map((run: { runId: string }) => run.runId)).toEqual([
        "run-flights",
      ]);
      expect(called.structuredContent.untrusted).toBe(true);
    } finally {
      await provided.cleanup();
    }
  });
});
