import type { AgentTool } from "@earendil-works/pi-agent-core";
import { obj, opt, str } from "@earendil-works/pi-schema";
import { ToolError } from "../../tool-error.js";
import { createFileAccess } from "../file-access.js";
import { openWorkspace } from "../workspace-paths.js";
import { type LocalSkill, SKILL_FILE_MAX_BYTES } from "./discover-skills.js";

/** A skill an attached MCP server offers as `skill://<name>/...` resources. */
export interface RemoteSkill {
  name: string;
  description: string;
  /** The server that offers it. */
  serverName: string;
  /** Reads `SKILL.md` or one relative file of the skill as text (the host bounds it; the tool checks it again). */
  read(path: string): Promise<string>;
}

/** The skills of one run: found in the skills folders, and offered by MCP servers. */
export interface SkillSet {
  local: readonly LocalSkill[];
  remote?: readonly RemoteSkill[];
}

const parameters = obj({
  name: str({ description: "The skill's name, as listed in the system prompt" }),
  path: opt(
    str({
      description: "A file of the skill's folder, relative to it (e.g. scripts/run.py); omit for SKILL.md",
    }),
  ),
});

/** A relative path inside a skill: no `..`, not absolute, no NUL or backslash; throws naming the accepted form. */
export function checkSkillPath(path: string): string {
  const segments = path.split("/");
  if (
    path === "" ||
    path.startsWith("/") ||
    path.startsWith("~") ||
    /[\0\\]/.test(path) ||
    segments.some((segment) => segment === "..")
  )
    throw new ToolError(
      "invalid_tool_arguments",
      `ReadSkill path "${path.slice(0, 200)}" is refused: give a path relative to the skill's folder, without ".." (e.g. "reference/forms.md")`,
    );
  return segments.filter((segment) => segment !== "" && segment !== ".").join("/");
}

function boundedText(text: string, shown: string): string {
  if (Buffer.byteLength(text) > SKILL_FILE_MAX_BYTES)
    throw new ToolError(
      "content_refused",
      `${shown} is larger than ${SKILL_FILE_MAX_BYTES / 1024} KiB, the most ReadSkill returns`,
    );
  if (text.includes("\0"))
    throw new ToolError("content_refused", `${shown} is a binary file; ReadSkill returns text only`);
  return text;
}

async function readLocal(skill: LocalSkill, path: string | undefined): Promise<string> {
  const files = createFileAccess({ workspace: openWorkspace(skill.directory) });
  const relative = path === undefined ? "SKILL.md" : checkSkillPath(path);
  const absolute = await files.resolve(relative, "read").catch((error: unknown) => {
    throw ToolError.isInstance(error) && error.code === "path_outside_workspace"
      ? new ToolError(
          "path_outside_workspace",
          `${relative} leads outside the skill "${skill.name}" (through a symbolic link); ReadSkill reads files of the skill's own folder only`,
        )
      : error;
  });
  const handle = await files.openFile(absolute, "read").catch((error: unknown) => {
    if ((error as { code?: string }).code === "ENOENT")
      throw new ToolError("skill_not_found", `the skill "${skill.name}" has no file ${relative}`);
    throw error;
  });
  try {
    const stats = await handle.stat();
    if (stats.size > SKILL_FILE_MAX_BYTES)
      throw new ToolError(
        "content_refused",
        `${relative} is larger than ${SKILL_FILE_MAX_BYTES / 1024} KiB, the most ReadSkill returns`,
      );
    return boundedText((await handle.readFile()).toString("utf8"), relative);
  } finally {
    await handle.close();
  }
}

/** The system prompt's list of skills: names and descriptions, and how to read one. Empty without skills. */
export function skillsPromptSection(skills: SkillSet): string {
  const all = [...skills.local, ...(skills.remote ?? [])];
  if (all.length === 0) return "";
  const lines = all.map((skill) => `- ${skill.name}: ${skill.description}`);
  return [
    "## Skills",
    "Skills are folders of instructions and files for particular tasks. When a task matches a skill's description, read its instructions first with ReadSkill { name } and follow them; read the files they mention with ReadSkill { name, path }.",
    ...lines,
  ].join("\n");
}

/**
 * The ReadSkill built-in tool `{ name, path? }`: a skill's SKILL.md body (front matter removed), or one
 * text file of the skill's folder, at most {@link SKILL_FILE_MAX_BYTES}. A local file is read like the
 * file tools read (no-follow, descriptor-checked, a symbolic link leading out of the folder refused); a
 * path with `..` or an absolute path is refused before anything is opened. Remote skills are read from
 * their server's `skill://` resources.
 */
export function createReadSkillTool(skills: SkillSet): AgentTool<typeof parameters> {
  const names = [...skills.local, ...(skills.remote ?? [])].map((skill) => skill.name);
  return {
    name: "ReadSkill",
    label: "ReadSkill",
    description:
      "Read a skill's instructions (SKILL.md) by name, or one file of the skill's folder with path. Skills are listed in the system prompt" +
      (names.length > 0 ? `: ${names.slice(0, 20).join(", ")}${names.length > 20 ? ", ..." : ""}.` : "."),
    parameters,
    async execute(_toolCallId, params) {
      const local = skills.local.find((skill) => skill.name === params.name);
      const remote = local ? undefined : skills.remote?.find((skill) => skill.name === params.name);
      if (!local && !remote)
        throw new ToolError(
          "skill_not_found",
          `there is no skill named "${String(params.name).slice(0, 100)}"; known skills: ${names.join(", ") || "none"}`,
        );
      const path = params.path === undefined ? undefined : checkSkillPath(params.path);
      const text = local
        ? await readLocal(local, path)
        : boundedText(await remote!.read(path ?? "SKILL.md"), path ?? "SKILL.md");
      const isSkillFile = path === undefined || path === "SKILL.md";
      // The YAML parser loads with the first skill read, not with every run.
      const parsed = isSkillFile
        ? (await import("./parse-skill-markdown.js")).parseSkillMarkdown(text)
        : undefined;
      const body = parsed && !("problem" in parsed) ? parsed.body.trim() : text;
      const origin = remote ? ` (from MCP server "${remote.serverName}")` : "";
      const heading = isSkillFile
        ? `Skill "${params.name}"${origin}`
        : `Skill "${params.name}"${origin}, file ${path}`;
      return {
        content: [{ type: "text", text: `${heading}\n\n${body}` }],
        details: {
          name: params.name,
          path: path ?? "SKILL.md",
          ...(remote ? { serverName: remote.serverName } : {}),
        },
      };
    },
  };
}
