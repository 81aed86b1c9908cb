// Writes the JSON Schemas of mono-agent.config.json and mcp.json from the built zod schemas.
// Run by `pnpm build` after tsc; the output is committed and checked by a test.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { mcpConfigJsonSchema, monoAgentConfigJsonSchema } from "../dist/index.js";

const schemaDir = fileURLToPath(new URL("../schema/", import.meta.url));
await mkdir(schemaDir, { recursive: true });
const files = {
  "mono-agent.config.schema.json": monoAgentConfigJsonSchema(),
  "mcp.schema.json": mcpConfigJsonSchema(),
};
for (const [name, schema] of Object.entries(files)) {
  await writeFile(join(schemaDir, name), `${JSON.stringify(schema, null, 2)}\n`);
}
