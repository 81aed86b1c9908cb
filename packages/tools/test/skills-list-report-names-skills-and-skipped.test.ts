import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { skillsListReport } from "../src/skills.js";

describe("skillsListReport", () => {
  test("lists each skill with its folder relative to the agent, and each skipped one with why", async () => {
    const agentDir = mkdtempSync(join(tmpdir(), "mono-agent-skills-"));
    mkdirSync(join(agentDir, "skills", "deploy"), { recursive: true });
    writeFileSync(
      join(agentDir, "skills", "deploy", "SKILL.md"),
      "---\nname: deploy\ndescription: Ship the staging build\n---\nSteps.\n",
    );
    mkdirSync(join(agentDir, "skills", "broken"));
    writeFileSync(join(agentDir, "skills", "broken", "SKILL.md"), "no front matter\n");
    const report = await skillsListReport(agentDir, ["skills"]);
    expect(report.json.skills).toEqual([
      { name: "deploy", description: "Ship the staging build", folder: join("skills", "deploy") },
    ]);
    expect(report.json.skipped).toEqual([
      { path: join("skills", "broken", "SKILL.md"), problem: expect.any(String) },
    ]);
    expect(report.text).toMatch(
      /^deploy {2}skills\/deploy\n {4}Ship the staging build\nskipped skills\/broken\/SKILL\.md: .+\n$/,
    );
  });

  test("without skills the text names the folders, or says there are none", async () => {
    const agentDir = mkdtempSync(join(tmpdir(), "mono-agent-skills-"));
    expect((await skillsListReport(agentDir, ["skills", ".pi/skills"])).text).toBe(
      "No skills in skills, .pi/skills.\n",
    );
    expect((await skillsListReport(agentDir, [])).text).toBe(
      "No skills in (no folders: tools.skills.folders is []).\n",
    );
  });
});
