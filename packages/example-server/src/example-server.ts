import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import * as z from "zod";
import { calculate } from "./calculate.js";
import { textStats } from "./text-stats.js";

/** Name the example server announces; the quickstart declares it as `quickstart-tools`. */
export const EXAMPLE_SERVER_NAME = "mono-agent-example";

function textResult(value: unknown) {
  return {
    content: [
      { type: "text" as const, text: typeof value === "string" ? value : JSON.stringify(value, null, 2) },
    ],
  };
}

/**
 * The example stdio MCP server behind the quickstart and `mono-agent init`: a few small, genuinely useful
 * tools (time in any zone, exact arithmetic, text statistics of workspace files). Its working directory is
 * the agent's workspace, which is the only folder `text_stats` reads.
 */
export function createExampleServer(workspaceDir: string): McpServer {
  const server = new McpServer({ name: EXAMPLE_SERVER_NAME, version: "1.0.0" });
  server.registerTool(
    "current_time",
    {
      title: "Current time",
      description:
        "The current date and time, in UTC and in an optional IANA time zone such as Europe/Amsterdam.",
      inputSchema: { timeZone: z.string().optional().describe("IANA time zone, e.g. America/New_York") },
    },
    async ({ timeZone }) => {
      const now = new Date();
      const zone = timeZone ?? "UTC";
      let local: string;
      try {
        local = new Intl.DateTimeFormat("en-GB", {
          dateStyle: "full",
          timeStyle: "long",
          timeZone: zone,
        }).format(now);
      } catch {
        return {
          ...textResult(`unknown time zone "${zone}": use an IANA name such as Europe/Paris`),
          isError: true,
        };
      }
      return textResult({ utc: now.toISOString(), timeZone: zone, local });
    },
  );
  server.registerTool(
    "calculate",
    {
      title: "Calculate",
      description:
        "Evaluate an arithmetic expression exactly as written: numbers, + - * / % ^ and parentheses.",
      inputSchema: { expression: z.string().min(1).describe("e.g. (12.5 * 4) ^ 2 / 3") },
    },
    async ({ expression }) => {
      try {
        return textResult({ expression, result: calculate(expression) });
      } catch (error) {
        return {
          ...textResult(`cannot calculate "${expression}": ${(error as Error).message}`),
          isError: true,
        };
      }
    },
  );
  server.registerTool(
    "text_stats",
    {
      title: "Text statistics",
      description: "Count lines, words and characters of a text file in the workspace.",
      inputSchema: { path: z.string().min(1).describe("path relative to the workspace, e.g. notes/todo.md") },
    },
    async ({ path }) => {
      try {
        return textResult(await textStats(workspaceDir, path));
      } catch (error) {
        return { ...textResult((error as Error).message), isError: true };
      }
    },
  );
  return server;
}

/** Serves the example server over stdio until stdin closes. */
export async function runExampleServer(workspaceDir: string): Promise<void> {
  const server = createExampleServer(workspaceDir);
  await server.connect(new StdioServerTransport());
}
