import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentTool } from "@earendil-works/pi-agent-core";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { DEFAULT_SKILL_FOLDERS } from "@mono-agent/config";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ToolError } from "../src/index.js";
import {
  createReadSkillTool,
  discoverMcpSkills,
  discoverSkills,
  type SkillSet,
  skillsPromptSection,
} from "../src/node/index.js";

let agentDir: string;
let outside: string;
let skills: SkillSet;
let client: Client;

function skillFile(name: string, description: string, body: string): string {
  return `---\nname: ${name}\ndescription: ${description}\n---\n${body}`;
}

beforeAll(async () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "skills-")));
  agentDir = join(root, "agent");
  outside = join(root, "outside");
  mkdirSync(outside);
  writeFileSync(join(outside, "secret.txt"), "HOST-SECRET-OUTSIDE");
  const pdf = join(agentDir, "skills", "pdf-forms");
  mkdirSync(join(pdf, "reference"), { recursive: true });
  writeFileSync(
    join(pdf, "SKILL.md"),
    skillFile(
      "pdf-forms",
      "Fill in PDF forms. Use when the user sends a PDF form.",
      "# PDF forms\n\nRead reference/fields.md first.",
    ),
  );
  writeFileSync(join(pdf, "reference", "fields.md"), "Field names are case-sensitive.");
  symlinkSync(join(outside, "secret.txt"), join(pdf, "leak.txt"));
  symlinkSync(outside, join(pdf, "outside-dir"));
  const claude = join(agentDir, ".claude", "skills", "release-notes");
  mkdirSync(claude, { recursive: true });
  writeFileSync(
    join(claude, "SKILL.md"),
    skillFile("release-notes", "Write release notes from a git log.", "Group by feature."),
  );
  mkdirSync(join(agentDir, ".pi", "skills", "broken"), { recursive: true });
  writeFileSync(join(agentDir, ".pi", "skills", "broken", "SKILL.md"), "no front matter here");
  const found = await discoverSkills(DEFAULT_SKILL_FOLDERS.map((folder) => join(agentDir, folder)));

  const server = new McpServer({ name: "skills-server", version: "1.0.0" });
  server.registerResource(
    "deploy-skill",
    "skill://deploy-app/SKILL.md",
    { mimeType: "text/markdown" },
    async (uri) => ({
      contents: [
        {
          uri: uri.href,
          text: skillFile(
            "deploy-app",
            "Deploy the app to staging.",
            "Run scripts/deploy.sh with the branch name.",
          ),
        },
      ],
    }),
  );
  server.registerResource(
    "deploy-script",
    "skill://deploy-app/scripts/deploy.sh",
    { mimeType: "text/x-sh" },
    async (uri) => ({
      contents: [{ uri: uri.href, text: "#!/bin/sh\necho deploying $1" }],
    }),
  );
  server.registerResource("not-a-skill", "file:///notes.txt", {}, async (uri) => ({
    contents: [{ uri: uri.href, text: "x" }],
  }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(clientSide);
  const remote = await discoverMcpSkills(
    [{ serverName: "skills-server", client }],
    found.skills.map((skill) => skill.name),
  );
  expect(found.problems.map((problem) => problem.problem)).toEqual([
    expect.stringContaining("YAML front matter"),
  ]);
  expect(remote.problems).toEqual([]);
  skills = { local: found.skills, remote: remote.skills };
  return () => rmSync(root, { recursive: true, force: true });
});

afterAll(async () => {
  await client.close();
});

async function read(params: Record<string, unknown>): Promise<string> {
  const result = await (createReadSkillTool(skills) as unknown as AgentTool).execute("1", params);
  const first = result.content[0];
  return first?.type === "text" ? first.text : "";
}

async function refusal(params: Record<string, unknown>): Promise<ToolError> {
  const error = await read(params).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(ToolError.isInstance(error), String(error)).toBe(true);
  return error as ToolError;
}

describe("skills", () => {
  it("are found in skills/, .claude/skills and .pi/skills and listed in the system prompt", () => {
    expect(skills.local.map((skill) => skill.name)).toEqual(["pdf-forms", "release-notes"]);
    const section = skillsPromptSection(skills);
    expect(section).toContain("- pdf-forms: Fill in PDF forms. Use when the user sends a PDF form.");
    expect(section).toContain("- release-notes: Write release notes from a git log.");
    expect(section).toContain("- deploy-app: Deploy the app to staging.");
  });
});

describe("ReadSkill", () => {
  it("returns a skill's body without its front matter, and one of its files", async () => {
    const body = await read({ name: "pdf-forms" });
    expect(body).toContain("# PDF forms");
    expect(body).not.toContain("description:");
    expect(await read({ name: "pdf-forms", path: "reference/fields.md" })).toContain(
      "Field names are case-sensitive.",
    );
  });

  it("refuses ../ and absolute paths before opening anything", async () => {
    for (const path of [
      "../release-notes/SKILL.md",
      "reference/../../release-notes/SKILL.md",
      "/etc/passwd",
      "~/x",
    ]) {
      const error = await refusal({ name: "pdf-forms", path });
      expect(error.code).toBe("invalid_tool_arguments");
      expect(error.message).toContain('without ".."');
    }
  });

  it("refuses a symbolic link that leads out of the skill's folder", async () => {
    for (const path of ["leak.txt", "outside-dir/secret.txt"]) {
      const error = await refusal({ name: "pdf-forms", path });
      expect(error.code).toBe("path_outside_workspace");
      expect(error.message).toContain("leads outside the skill");
    }
  });

  it("names the known skills for an unknown one, and a missing file", async () => {
    const unknown = await refusal({ name: "nope" });
    expect(unknown.code).toBe("skill_not_found");
    expect(unknown.message).toContain("pdf-forms, release-notes, deploy-app");
    expect((await refusal({ name: "pdf-forms", path: "missing.md" })).code).toBe("skill_not_found");
  });

  it("reads a skill an MCP server offers as skill:// resources, and its files", async () => {
    const body = await read({ name: "deploy-app" });
    expect(body).toContain('Skill "deploy-app" (from MCP server "skills-server")');
    expect(body).toContain("Run scripts/deploy.sh");
    expect(await read({ name: "deploy-app", path: "scripts/deploy.sh" })).toContain("echo deploying");
  });
});
