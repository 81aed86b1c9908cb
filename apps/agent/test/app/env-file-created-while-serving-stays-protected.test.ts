import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createFauxModel } from "@mono-agent/test-utils/faux";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MonoAgentApp } from "../../src/app/start-mono-agent-app.js";
import { type Faux, realTempDir, runToolBatches, startFauxApp, type ToolOutcome } from "./file-attack-kit.js";

const SECRET = "SECRET-production-value-created-while-serving-0042";

let faux: Faux;
let app: MonoAgentApp;
let agent: string;
let first: Map<string, ToolOutcome>;
let outcomes: Map<string, ToolOutcome>;

const attacks = [
  { id: "read", name: "Read", args: { path: ".env.production" } },
  { id: "grep", name: "Grep", args: { pattern: SECRET, path: "." } },
  { id: "glob", name: "Glob", args: { pattern: ".env*" } },
  {
    id: "edit",
    name: "Edit",
    args: { path: ".env.production", edits: [{ oldText: "TOKEN", newText: "X" }] },
  },
  { id: "write", name: "Write", args: { path: ".env.production", content: "TOKEN=forged\n" } },
  { id: "bash-cat", name: "Bash", args: { command: "cat .env.production; echo cat-done" } },
  { id: "bash-grep", name: "Bash", args: { command: `grep -r ${SECRET.slice(0, 20)} . ; echo grep-done` } },
];

/** Every file below `directory`, contents joined (the stores, events and artifacts of the app). */
function contentsBelow(directory: string): string {
  let all = "";
  for (const name of readdirSync(directory)) {
    const path = join(directory, name);
    all += statSync(path).isDirectory() ? contentsBelow(path) : readFileSync(path).toString("latin1");
  }
  return all;
}

beforeAll(async () => {
  faux = createFauxModel();
  agent = join(realTempDir("env-while-serving-"), "agent");
  mkdirSync(agent);
  writeFileSync(
    join(agent, "mono-agent.config.json"),
    JSON.stringify({
      runtime: { model: "faux:test" },
      tools: { allowedTools: ["Read", "Write", "Edit", "Grep", "Glob", "Bash"] },
    }),
  );
  writeFileSync(join(agent, "README.md"), "# served folder\n");
  // The serve shape: one app, opened once, runs twice; the env file appears between the runs.
  app = await startFauxApp(faux, join(agent, "mono-agent.config.json"));
  first = (await runToolBatches(app, faux, [[{ id: "warm", name: "Glob", args: { pattern: "*" } }]]))
    .outcomes;
  writeFileSync(join(agent, ".env.production"), `TOKEN=${SECRET}\n`);
  outcomes = (await runToolBatches(app, faux, [attacks])).outcomes;
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe("an env file created while the app serves", () => {
  it("was not there for the first run", () => {
    expect(first.get("warm")?.text).toContain("README.md");
  });

  it.each(["read", "edit", "write"])("%s is refused with path_protected", (id) => {
    const outcome = outcomes.get(id)!;
    expect(outcome.isError, outcome.text).toBe(true);
    expect(outcome.text).toMatch(/host state that Read, Write, Edit, Grep and Glob never reach/);
  });

  it("is not found by Grep nor listed by Glob, and Bash can neither read nor grep it", () => {
    expect(outcomes.get("grep")?.text).toMatch(/^No matches/);
    expect(outcomes.get("glob")?.text).not.toContain(".env.production");
    expect(outcomes.get("bash-cat")?.text).toContain("cat-done");
    expect(outcomes.get("bash-grep")?.text).toContain("grep-done");
    for (const id of ["read", "edit", "write", "glob", "bash-cat", "bash-grep"])
      expect(outcomes.get(id)?.text).not.toContain(SECRET);
    expect(outcomes.get("grep")?.text).not.toContain("TOKEN=");
  });

  it("left the file unchanged and its value out of every store, event file and artifact", async () => {
    await app.close();
    expect(readFileSync(join(agent, ".env.production"), "utf8")).toBe(`TOKEN=${SECRET}\n`);
    // The model itself names the value in its Grep pattern (so that is recorded); the file's line never is.
    expect(contentsBelow(join(agent, ".mono-agent"))).not.toContain(`TOKEN=${SECRET}`);
  });
});
