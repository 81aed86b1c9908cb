import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { loadMonoAgentConfig } from "@mono-agent/config";
import { tempDir } from "@mono-agent/test-utils";
import { describe, expect, it } from "vitest";
import { checkFileToolReach } from "../src/check.js";

async function loadIn(config: Record<string, unknown>, cwd = tempDir("tools-reach-")) {
  return loadMonoAgentConfig({ config, cwd, env: {} });
}

describe("checkFileToolReach", () => {
  it("names the workspace, the protected state relative to the agent folder and the instructions file", async () => {
    const loaded = await loadIn({});
    const lines = checkFileToolReach(loaded, {
      protectedPaths: {
        noAccess: [join(loaded.agentDir, ".mono-agent")],
        readOnly: [join(loaded.agentDir, "AGENTS.md")],
        noAccessNames: [{ directory: loaded.agentDir, names: [".env", ".env.*"], reason: "env files" }],
      },
    });
    expect(lines).toEqual([
      { status: "ok", message: `File tools read and write the workspace ${loaded.workspaceDir}.` },
      {
        status: "ok",
        message:
          "Host state out of reach of the file tools: .mono-agent; by name whenever they appear (checked on every call, Bash included): .env, .env.* in ..",
      },
      { status: "ok", message: "Read-only for the file tools: AGENTS.md (the instructions file)." },
    ]);
  });

  it("is ok for an existing root and warns of a missing one", async () => {
    const cwd = tempDir("tools-reach-");
    mkdirSync(join(cwd, "shared"));
    const loaded = await loadIn(
      { tools: { filesystem: { readableRoots: [join(cwd, "shared")], writableRoots: [join(cwd, "gone")] } } },
      cwd,
    );
    const lines = checkFileToolReach(loaded, { protectedPaths: { noAccess: [], readOnly: [] } });
    expect(lines[1]).toEqual({
      status: "ok",
      message: `File tools also read ${join(cwd, "shared")} (tools.filesystem.readableRoots).`,
    });
    expect(lines[2]).toMatchObject({
      status: "warning",
      code: "file_tool_root_missing",
      jsonPath: "tools.filesystem.writableRoots",
      suggestion: `create the folder, or remove "${join(cwd, "gone")}" from tools.filesystem.writableRoots`,
    });
  });

  it("warns when the workspace lies inside protected state", async () => {
    const loaded = await loadIn({});
    const lines = checkFileToolReach(loaded, {
      protectedPaths: { noAccess: [loaded.workspaceDir], readOnly: [] },
    });
    expect(lines.at(-1)).toMatchObject({
      status: "warning",
      code: "workspace_protected",
      jsonPath: "runtime.workspace",
    });
  });
});
