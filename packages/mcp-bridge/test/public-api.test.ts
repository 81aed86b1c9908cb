import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import * as root from "../src/index.js";
import * as node from "../src/node.js";
import * as stdio from "../src/stdio.js";

/** Every name an entry exports (values and types), read from its `export { ... } from` statements. */
function exportedNames(entry: string): string[] {
  const source = readFileSync(join(import.meta.dirname, "..", "src", entry), "utf8");
  const names: string[] = [];
  for (const [, list] of source.matchAll(/export (?:type )?\{([^}]*)\} from/g)) {
    for (const item of list!.split(",")) {
      const name = item.trim().replace(/^type\s+/, "");
      if (name) names.push(name);
    }
  }
  return names.sort();
}

// Adding a name here is an API decision: export what apps/agent or a documented host uses, nothing else.
describe("public API", () => {
  test("the root entry", () => {
    expect(Object.keys(root).sort()).toEqual([
      "MCP_RESOURCES_TOOL_NAME",
      "McpBridgeError",
      "checkMcpTasks",
      "connectMcpServers",
      "createMcpResourcesTool",
      "createMemoryMcpAuthStore",
      "limitToolOutput",
      "mcpAgentToolInfo",
      "startMcpServers",
    ]);
    expect(exportedNames("index.ts")).toEqual([
      "CheckMcpTasksOptions",
      "ConnectMcpServersOptions",
      "ConnectedMcpServers",
      "ConnectedServerInfo",
      "LaunchedStdioServer",
      "LimitedToolOutput",
      "LiveMcpServers",
      "MCP_RESOURCES_TOOL_NAME",
      "McpAgentToolInfo",
      "McpAuthOptions",
      "McpAuthRecord",
      "McpAuthStore",
      "McpBridgeError",
      "McpBridgeErrorCode",
      "McpBridgeWarning",
      "McpBrowserLogin",
      "McpElicitationPort",
      "McpPromptInfo",
      "McpResourcesSource",
      "McpServerStatusEvent",
      "McpTaskCheck",
      "McpTaskHandoff",
      "McpTaskHandoffReceipt",
      "McpTaskHandoffRequest",
      "McpToolCallDetails",
      "McpToolListCache",
      "McpToolProgress",
      "McpToolProgressEvent",
      "OversizeOutputTarget",
      "RenderedMcpPrompt",
      "RunOAuthSettings",
      "RunRemoteServerSpec",
      "RunServerOptions",
      "RunServerSpec",
      "RunStdioServerSpec",
      "StdioLauncher",
      "TaskHandoffReason",
      "checkMcpTasks",
      "connectMcpServers",
      "createMcpResourcesTool",
      "createMemoryMcpAuthStore",
      "limitToolOutput",
      "mcpAgentToolInfo",
      "startMcpServers",
    ]);
  });

  test("./node", () => {
    expect(Object.keys(node).sort()).toEqual(["MCP_AUTH_FILE_MAX_BYTES", "createFileMcpAuthStore"]);
  });

  test("./stdio", () => {
    expect(Object.keys(stdio).sort()).toEqual(["createStdioLauncher"]);
    expect(exportedNames("stdio.ts")).toEqual([
      "ProcessCloseGrace",
      "ProcessGroupCommand",
      "StdioLauncherOptions",
      "createStdioLauncher",
    ]);
  });
});
