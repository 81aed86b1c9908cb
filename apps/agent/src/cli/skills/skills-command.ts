import { relative, resolve } from "node:path";
import type { CliIo } from "../cli-io.js";
import { EXIT_OK, usageError } from "../exit-error.js";
import { loadAgentConfig } from "../load-agent-config.js";
import { parseCommandArgs } from "../parse-command-args.js";

const USAGE = "mono-agent skills list [--json]  [--config FILE] [--env-file FILE]";

const HELP = `usage: ${USAGE}

Lists the Agent Skills the model can read with ReadSkill: each subfolder with a SKILL.md (name and
description front matter) of the folders in tools.skills.folders (default skills, .claude/skills,
.pi/skills of the agent folder), and every skill skipped and why. Skills that MCP servers expose as
skill:// resources are found when a run starts (they need the servers connected).

  --json                       print one JSON object
  --config FILE                the agent's config (default ./mono-agent.config.json)
  --env-file FILE              fill unset variables from a dotenv file (default: .env in the agent folder)
`;

export async function skillsCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    argv,
    {
      json: { type: "boolean" },
      config: { type: "string" },
      "env-file": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    USAGE,
  );
  if (values.help) {
    io.stdout.write(HELP);
    return EXIT_OK;
  }
  const [action, ...rest] = positionals;
  if (action !== "list")
    throw usageError(action === undefined ? "say list" : `unknown action "${action}"; use list`, USAGE);
  if (rest.length > 0) throw usageError(`unexpected argument "${rest[0]}"`, USAGE);
  const loaded = await loadAgentConfig(io, {
    ...(values.config ? { config: values.config } : {}),
    ...(values["env-file"] ? { envFile: values["env-file"] } : {}),
  });
  const { discoverSkills } = await import("@mono-agent/tools/skills");
  const folders = loaded.config.tools.skills.folders;
  const found = await discoverSkills(folders.map((folder) => resolve(loaded.agentDir, folder)));
  const shown = (path: string) => relative(loaded.agentDir, path) || ".";
  if (values.json) {
    io.stdout.write(
      `${JSON.stringify({
        folders,
        skills: found.skills.map((skill) => ({
          name: skill.name,
          description: skill.description,
          folder: shown(skill.directory),
        })),
        skipped: found.problems.map((problem) => ({ path: shown(problem.path), problem: problem.problem })),
      })}\n`,
    );
    return EXIT_OK;
  }
  const lines =
    found.skills.length === 0
      ? [`No skills in ${folders.join(", ") || "(no folders: tools.skills.folders is [])"}.`]
      : found.skills.map((skill) => `${skill.name}  ${shown(skill.directory)}\n    ${skill.description}`);
  for (const problem of found.problems) lines.push(`skipped ${shown(problem.path)}: ${problem.problem}`);
  io.stdout.write(`${lines.join("\n")}\n`);
  return EXIT_OK;
}
