import { SKILL_FILE_MAX_BYTES, SKILLS_MAX } from "./discover-skills.js";
import type { RemoteSkill } from "./read-skill-tool.js";
import { SKILL_NAME_PATTERN } from "./skill-format.js";

/** Most `resources/list` pages read per server when looking for skills (100 resources a page is common). */
export const SKILL_RESOURCE_LIST_MAX_PAGES = 5;

/** The part of an MCP client that skills need (the SDK's `Client` has it). */
export interface SkillResourceClient {
  listResources(params?: { cursor?: string }): Promise<{
    resources: { uri: string }[];
    nextCursor?: string;
  }>;
  readResource(params: {
    uri: string;
  }): Promise<{ contents: { uri: string; text?: unknown; blob?: unknown }[] }>;
}

const SKILL_URI = /^skill:\/\/([a-z0-9]+(?:-[a-z0-9]+)*)\/SKILL\.md$/;

async function readText(client: SkillResourceClient, uri: string): Promise<string> {
  const result = await client.readResource({ uri });
  const text = result.contents.find((content) => typeof content.text === "string")?.text;
  if (typeof text !== "string") throw new Error(`${uri} has no text content`);
  if (Buffer.byteLength(text) > SKILL_FILE_MAX_BYTES)
    throw new Error(`${uri} is larger than ${SKILL_FILE_MAX_BYTES / 1024} KiB`);
  return text;
}

/**
 * The skills attached MCP servers offer as resources: every `skill://<name>/SKILL.md` (with `name` and
 * `description` front matter) is a skill whose files are `skill://<name>/<path>`. A server that fails to
 * list or read is skipped with a problem; a name already taken (locally or by an earlier server) is ignored.
 */
export async function discoverMcpSkills(
  servers: readonly { serverName: string; client: SkillResourceClient }[],
  takenNames: readonly string[] = [],
): Promise<{ skills: RemoteSkill[]; problems: { serverName: string; problem: string }[] }> {
  const skills: RemoteSkill[] = [];
  const problems: { serverName: string; problem: string }[] = [];
  const taken = new Set(takenNames);
  for (const { serverName, client } of servers) {
    try {
      const uris: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < SKILL_RESOURCE_LIST_MAX_PAGES; page += 1) {
        const listed = await client.listResources(cursor ? { cursor } : undefined);
        uris.push(...listed.resources.map((resource) => resource.uri).filter((uri) => SKILL_URI.test(uri)));
        cursor = listed.nextCursor;
        if (!cursor) break;
      }
      for (const uri of uris) {
        const text = await readText(client, uri);
        const { parseSkillMarkdown } = await import("./parse-skill-markdown.js");
        const parsed = parseSkillMarkdown(text);
        if ("problem" in parsed) {
          problems.push({ serverName, problem: `${uri}: ${parsed.problem}` });
          continue;
        }
        const folderName = SKILL_URI.exec(uri)?.[1] ?? parsed.name;
        if (taken.has(parsed.name) || !SKILL_NAME_PATTERN.test(folderName) || skills.length >= SKILLS_MAX)
          continue;
        taken.add(parsed.name);
        skills.push({
          name: parsed.name,
          description: parsed.description,
          serverName,
          read: (path) => readText(client, `skill://${folderName}/${path}`),
        });
      }
    } catch (error) {
      problems.push({ serverName, problem: (error as Error).message });
    }
  }
  return { skills, problems };
}
