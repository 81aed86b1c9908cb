import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

/** A fresh memory root in a temp dir. */
export function tempRoot(): string {
  return join(mkdtempSync(join(tmpdir(), "mono-agent-memory-")), "memory");
}

/** A real MCP client connected to `server` over the SDK's in-memory transport. */
export async function connect(server: McpServer): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "memory-test", version: "1.0.0" });
  await client.connect(clientSide);
  return client;
}

/** Calls a tool and returns its text, structured content and error flag. */
export async function call(client: Client, name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  const content = result.content as Array<{ type: string; text: string }>;
  return {
    text: content.map((block) => block.text).join("\n"),
    // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary structured results
    structured: (result.structuredContent ?? {}) as Record<string, any>,
    isError: result.isError === true,
  };
}

/** Every daily file's text, joined in date order. */
export function dailyText(root: string): string {
  let names: string[];
  try {
    names = readdirSync(join(root, "daily")).sort();
  } catch {
    return "";
  }
  return names.map((name) => readFileSync(join(root, "daily", name), "utf8")).join("");
}

/** Bullet lines (`- ...`) in every daily file. */
export function bulletLines(root: string): string[] {
  return dailyText(root)
    .split("\n")
    .filter((line) => line.startsWith("- "));
}

/** A clock that can be moved. */
export function movableClock(start: string) {
  let now = new Date(start);
  return {
    now: () => now,
    set(iso: string) {
      now = new Date(iso);
    },
  };
}
