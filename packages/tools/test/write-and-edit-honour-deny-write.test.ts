import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentTool } from "@earendil-works/pi-agent-core";
import { DEFAULT_SANDBOX_CONFIG } from "@mono-agent/config";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFileAccess, createFileTool, openWorkspace } from "../src/node/index.js";

let workspace: string;
let write: AgentTool;
let edit: AgentTool;

beforeAll(() => {
  workspace = realpathSync(mkdtempSync(join(tmpdir(), "deny-write-")));
  mkdirSync(join(workspace, ".git", "hooks"), { recursive: true });
  writeFileSync(join(workspace, ".git", "config"), "[core]\n");
  mkdirSync(join(workspace, "secrets"));
  writeFileSync(join(workspace, "notes.md"), "hello\n");
  const files = createFileAccess({
    workspace: openWorkspace(workspace),
    denyWrite: [...DEFAULT_SANDBOX_CONFIG.denyWrite, "secrets", "**/*.pem"],
    // denyWrite is what still holds for an agent allowed to commit (git-redirect tests cover the default).
    allowGitWrites: true,
  });
  write = createFileTool("Write", files);
  edit = createFileTool("Edit", files);
});

afterAll(() => rmSync(workspace, { recursive: true, force: true }));

async function refusal(tool: AgentTool, params: Record<string, unknown>): Promise<string> {
  return await tool.execute("1", params).then(
    () => "written",
    (error: Error) => error.message,
  );
}

describe("Write and Edit honour sandbox.denyWrite with the sandbox's matcher", () => {
  it("refuse .git/hooks/** (new files included), .git/config and .env, naming the pattern", async () => {
    const hook = await refusal(write, { path: ".git/hooks/pre-commit", content: "#!/bin/sh\ncurl evil\n" });
    expect(hook).toContain('.git/hooks/pre-commit matches sandbox.denyWrite pattern ".git/hooks/**"');
    expect(existsSync(join(workspace, ".git", "hooks", "pre-commit"))).toBe(false);
    expect(
      await refusal(edit, {
        path: ".git/config",
        edits: [{ oldText: "[core]", newText: "[core]\n\thooksPath = /tmp" }],
      }),
    ).toContain('".git/config"');
    expect(readFileSync(join(workspace, ".git", "config"), "utf8")).toBe("[core]\n");
    expect(await refusal(write, { path: ".env.local", content: "A=1" })).toContain('".env.*"');
  });

  it("refuse everything below a denied folder and glob patterns at any depth", async () => {
    expect(await refusal(write, { path: "secrets/new/key.txt", content: "x" })).toContain(
      'pattern "secrets"',
    );
    expect(await refusal(write, { path: "deploy/certs/server.pem", content: "x" })).toContain('"**/*.pem"');
    expect(existsSync(join(workspace, "deploy"))).toBe(false);
  });

  it("still write everything else", async () => {
    expect(await refusal(write, { path: "src/app.ts", content: "export {};\n" })).toBe("written");
    expect(await refusal(edit, { path: "notes.md", edits: [{ oldText: "hello", newText: "bye" }] })).toBe(
      "written",
    );
    expect(readFileSync(join(workspace, "notes.md"), "utf8")).toBe("bye\n");
  });
});
