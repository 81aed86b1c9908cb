import type { CliIo } from "../cli-io.js";
import { EXIT_OK, usageError } from "../exit-error.js";
import { agentConfigOptions, loadAgentConfig } from "../load-agent-config.js";
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
  const loaded = await loadAgentConfig(io, agentConfigOptions(values));
  const { skillsListReport } = await import("@mono-agent/tools/skills");
  const report = await skillsListReport(loaded.agentDir, loaded.config.tools.skills.folders);
  io.stdout.write(values.json ? `${JSON.stringify(report.json)}\n` : report.text);
  return EXIT_OK;
}
