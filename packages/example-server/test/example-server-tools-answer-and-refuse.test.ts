import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { removeTempDirs, tempDir } from "@mono-agent/test-utils";
import { afterEach, describe, expect, test } from "vitest";
import { createExampleServer } from "../src/index.js";

afterEach(() => removeTempDirs());

async function connect(workspaceDir: string) {
  const client = new Client({ name: "test", version: "1.0.0" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createExampleServer(workspaceDir).connect(serverSide);
  await client.connect(clientSide);
  return client;
}

function textOf(result: Awaited<ReturnType<Client["callTool"]>>): string {
  return (result.content as { type: string; text: string }[]).map((block) => block.text).join("");
}

describe("the example server", () => {
  test("lists current_time, calculate and text_stats", async () => {
    const client = await connect(tempDir("example-server-"));
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["current_time", "calculate", "text_stats"]);
    await client.close();
  });

  test("calculate answers exactly and names a bad expression", async () => {
    const client = await connect(tempDir("example-server-"));
    const result = await client.callTool({ name: "calculate", arguments: { expression: "(2 + 3) * 4 ^ 2" } });
    expect(JSON.parse(textOf(result))).toEqual({ expression: "(2 + 3) * 4 ^ 2", result: 80 });
    const bad = await client.callTool({ name: "calculate", arguments: { expression: "2 +" } });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toMatch(/^cannot calculate "2 \+": /);
    await client.close();
  });

  test("current_time refuses an unknown zone with the accepted form", async () => {
    const client = await connect(tempDir("example-server-"));
    const known = await client.callTool({
      name: "current_time",
      arguments: { timeZone: "Europe/Amsterdam" },
    });
    expect(JSON.parse(textOf(known))).toMatchObject({ timeZone: "Europe/Amsterdam" });
    const unknown = await client.callTool({ name: "current_time", arguments: { timeZone: "Mars/Olympus" } });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toBe('unknown time zone "Mars/Olympus": use an IANA name such as Europe/Paris');
    await client.close();
  });

  test("text_stats counts a workspace file and refuses one outside the workspace", async () => {
    const root = tempDir("example-server-");
    const workspace = join(root, "workspace");
    mkdirSync(join(workspace, "notes"), { recursive: true });
    writeFileSync(join(workspace, "notes", "todo.md"), "buy milk\nwrite the report\n");
    writeFileSync(join(root, "secret.txt"), "not yours");
    const client = await connect(workspace);
    const stats = await client.callTool({ name: "text_stats", arguments: { path: "notes/todo.md" } });
    expect(JSON.parse(textOf(stats))).toEqual({
      path: join("notes", "todo.md"),
      bytes: 26,
      lines: 2,
      words: 5,
      characters: 26,
      longestLine: 16,
    });
    const outside = await client.callTool({ name: "text_stats", arguments: { path: "../secret.txt" } });
    expect(outside.isError).toBe(true);
    expect(textOf(outside)).toBe("../secret.txt is outside the workspace");
    await client.close();
  });
});
