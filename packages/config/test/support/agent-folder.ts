import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/** Creates a temp folder holding `files` (path -> JSON value or raw text) and returns its path. */
export async function makeAgentFolder(files: Record<string, unknown>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "mono-agent-config-"));
  for (const [path, content] of Object.entries(files)) {
    const file = join(root, path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, typeof content === "string" ? content : JSON.stringify(content, null, 2));
  }
  return root;
}
