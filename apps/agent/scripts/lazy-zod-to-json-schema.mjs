// Stands in for zod-to-json-schema in the CLI bundle (scripts/bundle-cli.mjs). The MCP SDK imports it at
// load (about 160 KB of JavaScript) for tool schemas written with zod 3; ours are zod 4, which converts
// itself. The converter loads, as the SDK's own dependency, the first time a zod 3 schema is converted.
import { createRequire } from "node:module";

let converter;

export function zodToJsonSchema(...args) {
  converter ??= createRequire(import.meta.resolve("@modelcontextprotocol/sdk/server/mcp.js"))(
    "zod-to-json-schema",
  ).zodToJsonSchema;
  return converter(...args);
}
