import { describe, expect, expectTypeOf, it } from "vitest";
import type * as z from "zod";
import { isStdioServerSpec, type McpServerSpec, type MonoAgentConfig, type RemoteServerSpec, type StdioServerSpec } from "../src/index.js";
import type { mcpServerSpecSchema } from "../src/schema/mcp-server-spec-schema.js";

describe("server spec types", () => {
  it("the schema output is assignable to the declared interfaces", () => {
    expectTypeOf<z.output<typeof mcpServerSpecSchema>>().toExtend<McpServerSpec>();
    expectTypeOf<NonNullable<MonoAgentConfig["tools"]["mcpServers"]>[string]>().toExtend<McpServerSpec>();
  });

  it("isStdioServerSpec tells the two forms apart", () => {
    const stdio: StdioServerSpec = { command: "npx" };
    const remote: RemoteServerSpec = { url: "https://x.example" };
    expect(isStdioServerSpec(stdio)).toBe(true);
    expect(isStdioServerSpec(remote)).toBe(false);
  });
});
