import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentTool } from "@earendil-works/pi-agent-core";
import { fauxAssistantMessage, fauxToolCall, type ToolResultMessage } from "@earendil-works/pi-ai";
import { createFauxModel } from "@mono-agent/test-utils/faux";
import { ToolError } from "@mono-agent/tools";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BUILTIN_TOOL_NAMES, createBuiltinTools } from "../../src/runtime/builtin-tools.js";
import { runPiSession } from "../../src/runtime/pi-session.js";
import { MonoAgentRuntimeError } from "../../src/runtime/runtime-error.js";

let root: string;
let workspace: string;
let outside: string;

beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), "builtin-tools-")));
  workspace = join(root, "workspace");
  outside = join(root, "outside");
  mkdirSync(join(workspace, "src"), { recursive: true });
  mkdirSync(join(workspace, "node_modules", "dep"), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(workspace, "README.md"), "# Demo workspace\nhello needle\n");
  writeFileSync(join(workspace, "src", "main.ts"), "export const answer = 42;\n// needle in source\n");
  writeFileSync(join(workspace, "node_modules", "dep", "index.js"), "needle in a dependency\n");
  writeFileSync(join(outside, "secret.txt"), "outside secret needle\n");
  symlinkSync(join(outside, "secret.txt"), join(workspace, "escape-link.txt"));
  symlinkSync(outside, join(workspace, "escape-dir"));
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

function tools(
  enabled: readonly string[] = BUILTIN_TOOL_NAMES,
  env: Record<string, string | undefined> = {},
) {
  const list = createBuiltinTools({ workspaceDir: workspace, env, enabled });
  return (name: string): AgentTool => {
    const tool = list.find((candidate) => candidate.name === name);
    if (!tool) throw new Error(`no tool ${name}`);
    return tool;
  };
}

function text(result: { content: { type: string; text?: string }[] }): string {
  return result.content.map((block) => block.text ?? "").join("\n");
}

describe("createBuiltinTools", () => {
  it("gives no tools for enabled: []", () => {
    expect(createBuiltinTools({ workspaceDir: workspace, env: {}, enabled: [] })).toEqual([]);
  });

  it("gives exactly the enabled tools, under the seed page's names", () => {
    const all = createBuiltinTools({ workspaceDir: workspace, env: {}, enabled: [...BUILTIN_TOOL_NAMES] });
    // NodeRepl, WebFetch, WebSearch and ReadSkill need their run inputs (cleanup, spill, provider, skills).
    expect(all.map((tool) => tool.name)).toEqual(["Read", "Write", "Edit", "Bash", "Grep", "Glob", "Exec"]);
    const some = createBuiltinTools({ workspaceDir: workspace, env: {}, enabled: ["Grep", "Read"] });
    expect(some.map((tool) => tool.name)).toEqual(["Read", "Grep"]);
  });

  it("refuses an unknown built-in name with a typed error listing the accepted names", () => {
    let caught: unknown;
    try {
      createBuiltinTools({ workspaceDir: workspace, env: {}, enabled: ["Read", "Browser"] });
    } catch (error) {
      caught = error;
    }
    expect(MonoAgentRuntimeError.isInstance(caught) && caught.code).toBe("unknown_builtin_tool");
    expect((caught as Error).message).toContain("Browser");
    expect((caught as Error).message).toContain(
      "Read, Write, Edit, Bash, Grep, Glob, Exec, NodeRepl, WebFetch, WebSearch, ReadSkill",
    );
  });
});

describe("workspace confinement", () => {
  it("refuses a workspace that does not exist with workspace_unavailable", () => {
    let caught: unknown;
    try {
      createBuiltinTools({ workspaceDir: join(root, "missing"), env: {}, enabled: ["Read"] });
    } catch (error) {
      caught = error;
    }
    expect(ToolError.isInstance(caught) && caught.code).toBe("workspace_unavailable");
  });

  it.each([
    ["a relative path climbing out", () => "../outside/secret.txt"],
    ["an absolute path outside", () => join(outside, "secret.txt")],
    ["a symlinked file pointing outside", () => "escape-link.txt"],
    ["a path through a symlinked directory", () => "escape-dir/secret.txt"],
    ["the home directory", () => "~/.bashrc"],
  ])("Read refuses %s", async (_label, path) => {
    await expect(tools()("Read").execute("call", { path: path() })).rejects.toThrow(/outside the workspace/);
  });

  it("Read reads a file inside the workspace", async () => {
    const result = await tools()("Read").execute("call", { path: "README.md" });
    expect(text(result)).toContain("hello needle");
  });

  it("Write refuses to write outside (directly or through a symlinked directory) and writes inside", async () => {
    const write = tools()("Write");
    await expect(write.execute("call", { path: "../outside/new.txt", content: "x" })).rejects.toThrow(
      /outside the workspace/,
    );
    await expect(write.execute("call", { path: "escape-dir/new.txt", content: "x" })).rejects.toThrow(
      /outside the workspace/,
    );
    await write.execute("call", { path: "notes/new.txt", content: "written inside" });
    expect(readFileSync(join(workspace, "notes", "new.txt"), "utf8")).toBe("written inside");
  });

  it("Edit refuses a symlink escape and leaves the outside file untouched", async () => {
    const edit = tools()("Edit");
    await expect(
      edit.execute("call", { path: "escape-link.txt", edits: [{ oldText: "outside", newText: "changed" }] }),
    ).rejects.toThrow(/outside the workspace/);
    expect(readFileSync(join(outside, "secret.txt"), "utf8")).toBe("outside secret needle\n");
    await edit.execute("call", { path: "src/main.ts", edits: [{ oldText: "42", newText: "43" }] });
    expect(readFileSync(join(workspace, "src", "main.ts"), "utf8")).toContain("answer = 43");
  });

  it("Grep searches inside, skips node_modules and symlinks that leave the workspace, and refuses an outside path", async () => {
    const grep = tools()("Grep");
    const found = text(await grep.execute("call", { pattern: "needle" }));
    expect(found).toContain("README.md:2: hello needle");
    expect(found).toContain("src/main.ts:2: // needle in source");
    expect(found).not.toContain("dependency");
    expect(found).not.toContain("outside secret");
    await expect(grep.execute("call", { pattern: "needle", path: "../outside" })).rejects.toThrow(
      /outside the workspace/,
    );
    await expect(grep.execute("call", { pattern: "needle", path: "escape-dir" })).rejects.toThrow(
      /outside the workspace/,
    );
  });

  it("Grep reports a bad regular expression as a typed error naming the fix", async () => {
    await expect(tools()("Grep").execute("call", { pattern: "(" })).rejects.toThrow(/literal: true/);
  });

  it("Glob finds files by pattern inside the workspace only", async () => {
    const glob = tools()("Glob");
    expect(text(await glob.execute("call", { pattern: "*.ts" }))).toBe("src/main.ts");
    expect(text(await glob.execute("call", { pattern: "**/*.{md,ts}" }))).toBe("README.md\nsrc/main.ts");
    expect(text(await glob.execute("call", { pattern: "**/index.js" }))).toBe("No files match **/index.js");
    await expect(glob.execute("call", { pattern: "*", path: root })).rejects.toThrow(/outside the workspace/);
  });
});

describe("a refusal inside a run", () => {
  it("reaches the model as an error tool result that names the workspace", async () => {
    const faux = createFauxModel();
    try {
      let refusal: { isError: boolean; text: string } | undefined;
      faux.setResponses([
        fauxAssistantMessage([fauxToolCall("Read", { path: "escape-link.txt" })], { stopReason: "toolUse" }),
        (context) => {
          const result = context.messages.at(-1) as ToolResultMessage;
          refusal = { isError: result.isError, text: text(result) };
          return fauxAssistantMessage("understood");
        },
      ]);
      const result = await runPiSession({
        model: faux.getModel(),
        streamFn: faux.streamFn,
        getApiKey: () => "key",
        systemPrompt: "",
        history: [],
        tools: createBuiltinTools({ workspaceDir: workspace, env: {}, enabled: ["Read"] }),
        prompt: "read the link",
        signal: new AbortController().signal,
      });
      expect(result.status).toBe("succeeded");
      expect(refusal?.isError).toBe(true);
      expect(refusal?.text).toContain(`outside the workspace ${workspace}`);
    } finally {
    }
  });
});

describe("Bash", () => {
  it("runs in the workspace and does not see host secrets", async () => {
    process.env["SECRET_FOR_TEST"] = "process-env-secret";
    try {
      const bash = tools(["Bash"], {
        PATH: process.env["PATH"],
        HOME: process.env["HOME"],
        SECRET_FOR_TEST: "host-env-secret",
      })("Bash");
      const result = await bash.execute("call", {
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell expansion, not a JS template
        command: 'pwd; echo "secret=[${SECRET_FOR_TEST:-unset}]"; env | grep -c SECRET || true',
      });
      const output = text(result);
      expect(output).toContain(workspace);
      expect(output).toContain("secret=[unset]");
      expect(output).not.toContain("host-env-secret");
      expect(output).not.toContain("process-env-secret");
    } finally {
      delete process.env["SECRET_FOR_TEST"];
    }
  });

  it("passes PATH and HOME through from the host-resolved env", async () => {
    const bash = tools(["Bash"], { PATH: process.env["PATH"], HOME: "/home/for-test" })("Bash");
    const output = text(await bash.execute("call", { command: 'echo "home=$HOME"; command -v sh' }));
    expect(output).toContain("home=/home/for-test");
    expect(output).toMatch(/\/sh\b/);
  });
});
