import { mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentTool } from "@earendil-works/pi-agent-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProtectedPaths } from "../src/index.js";
import {
  createFileAccess,
  createFileTool,
  createGlobTool,
  createGrepTool,
  createSandboxedBashTool,
  openWorkspace,
} from "../src/node/index.js";

const SECRET = "SECRET-created-after-open-0123456789";

let workspace: string;
let tools: Record<string, AgentTool>;

beforeAll(() => {
  workspace = realpathSync(mkdtempSync(join(tmpdir(), "env-names-")));
  writeFileSync(join(workspace, "README.md"), "# readme\n");
  const protectedPaths: ProtectedPaths = {
    noAccess: [],
    readOnly: [],
    noAccessNames: [
      { directory: workspace, names: [".env", ".env.*"], reason: "an env file of the agent folder" },
    ],
  };
  const files = createFileAccess({ workspace: openWorkspace(workspace), protectedPaths });
  tools = {
    Read: createFileTool("Read", files),
    Write: createFileTool("Write", files),
    Edit: createFileTool("Edit", files),
    Grep: createGrepTool(files) as unknown as AgentTool,
    Glob: createGlobTool(files) as unknown as AgentTool,
    Bash: createSandboxedBashTool({
      workspaceDir: workspace,
      env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin" },
      protectedPaths,
    }) as unknown as AgentTool,
  };
  // Appears after the protected lists and the tools were built, as a deploy would write it.
  writeFileSync(join(workspace, ".env.production"), `TOKEN=${SECRET}\n`);
  symlinkSync(".env.production", join(workspace, "innocent.txt"));
});

afterAll(() => rmSync(workspace, { recursive: true, force: true }));

async function call(name: string, params: Record<string, unknown>): Promise<{ ok: boolean; text: string }> {
  return tools[name]!.execute("1", params).then(
    (result) => ({
      ok: true,
      text: result.content.map((block) => (block.type === "text" ? block.text : "")).join("\n"),
    }),
    (error: Error) => ({ ok: false, text: error.message }),
  );
}

describe("env files that appear after the protected paths were built", () => {
  it.each([
    ["Read", { path: ".env.production" }],
    ["Read through a symlink whose target matches", { path: "innocent.txt" }],
    ["Write", { path: ".env.production", content: "x" }],
    ["Write a new one", { path: ".env.staging", content: "x" }],
    ["Edit", { path: ".env.production", edits: [{ oldText: "TOKEN", newText: "X" }] }],
  ])("%s is refused with path_protected", async (label, params) => {
    const outcome = await call(label.split(" ")[0]!, params);
    expect(outcome.ok).toBe(false);
    expect(outcome.text).toMatch(/path_protected|host state/);
    expect(outcome.text).toContain("an env file of the agent folder");
    expect(outcome.text).not.toContain(SECRET);
  });

  it("is skipped by Grep and Glob walks", async () => {
    const grep = await call("Grep", { pattern: SECRET });
    expect(grep.text).toMatch(/^No matches/);
    expect(grep.text).not.toContain("TOKEN=");
    const glob = await call("Glob", { pattern: ".env*" });
    expect(glob.text).not.toContain(".env.production");
    expect((await call("Glob", { pattern: "*" })).text).toContain("README.md");
  });

  it("is hidden from the next sandboxed Bash command", async () => {
    const bash = await call("Bash", {
      command: `cat .env.production; grep -r ${SECRET.slice(0, 12)} . ; echo end`,
    });
    expect(bash.text).toContain("end");
    expect(bash.text).not.toContain(SECRET);
  });
});
