import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { mcpConfigJsonSchema, monoAgentConfigJsonSchema } from "../src/index.js";

async function committed(name: string): Promise<string> {
  return readFile(new URL(`../schema/${name}`, import.meta.url), "utf8");
}

function generated(schema: object): string {
  return `${JSON.stringify(schema, null, 2)}\n`;
}

describe("committed JSON Schemas", () => {
  it("schema/mono-agent.config.schema.json equals a fresh generation (run pnpm build to refresh)", async () => {
    expect(await committed("mono-agent.config.schema.json")).toBe(generated(monoAgentConfigJsonSchema()));
  });

  it("schema/mcp.schema.json equals a fresh generation (run pnpm build to refresh)", async () => {
    expect(await committed("mcp.schema.json")).toBe(generated(mcpConfigJsonSchema()));
  });

  it("lets editors complete every top-level key, with a description on each", () => {
    const schema = monoAgentConfigJsonSchema() as { properties: Record<string, { description?: string }> };
    expect(Object.keys(schema.properties)).toEqual([
      "$schema",
      "runtime",
      "models",
      "tools",
      "artifacts",
      "memory",
      "interaction",
      "continuations",
      "web",
      "sandbox",
      "slack",
      "storage",
      "telegram",
      "triggers",
      "collaborators",
      "a2a",
    ]);
    for (const [key, property] of Object.entries(schema.properties)) {
      expect(property.description, key).toBeTruthy();
    }
  });

  it("is strict: unknown keys are flagged by editors too", () => {
    const schema = monoAgentConfigJsonSchema() as {
      additionalProperties: unknown;
      properties: Record<string, object>;
    };
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties["tools"]).toMatchObject({ additionalProperties: false });
  });
});
