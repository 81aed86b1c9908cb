import { join } from "node:path";
import { exportedNames } from "@mono-agent/test-utils";
import { describe, expect, test } from "vitest";
import * as root from "../src/index.js";
import * as stdio from "../src/stdio.js";
import * as node from "../src/node.js";

const sourceDir = join(import.meta.dirname, "..", "src");

// Adding a name here is an API decision: export what another package or a documented host uses; keep
// limits and helpers internal (tests import them from ../src/<file>.js).
describe("public API", () => {
  test("the root entry", () => {
    expect(Object.keys(root).sort()).toEqual([
      "MCP_RESOURCES_TOOL_NAME",
      "McpBridgeError",
      "connectMcpServers",
      "createMcpResourcesTool",
      "createMemoryMcpAuthStore",
      "startMcpServers",
    ]);
    expect(exportedNames(join(sourceDir, "index.ts"))).toEqual([
      "ConnectMcpServersOptions",
      "ConnectedMcpServers",
      "ConnectedServerInfo",
      "LaunchedStdioServer",
      "LiveMcpServers",
      "MCP_RESOURCES_TOOL_NAME",
      "McpAuthOptions",
      "McpAuthRecord",
      "McpAuthStore",
      "McpBridgeError",
      "McpBridgeErrorCode",
      "McpBridgeWarning",
      "McpBrowserLogin",
      "McpPromptInfo",
      "McpResourcesSource",
      "McpServerStatusEvent",
      "McpToolListCache",
      "McpToolProgress",
      "McpToolProgressEvent",
      "RenderedMcpPrompt",
      "RunOAuthSettings",
      "RunRemoteServerSpec",
      "RunServerOptions",
      "RunServerSpec",
      "RunStdioServerSpec",
      "StdioLauncher",
      "connectMcpServers",
      "createMcpResourcesTool",
      "createMemoryMcpAuthStore",
      "startMcpServers",
    ]);
  });

  test("./stdio", () => {
    expect(Object.keys(stdio).sort()).toEqual(["createStdioLauncher"]);
    expect(exportedNames(join(sourceDir, "stdio.ts"))).toEqual([
      "ProcessCloseGrace",
      "ProcessGroupCommand",
      "StdioLauncherOptions",
      "createStdioLauncher",
    ]);
  });

  test("./node", () => {
    expect(Object.keys(node).sort()).toEqual(["createFileMcpAuthStore"]);
    expect(exportedNames(join(sourceDir, "node.ts"))).toEqual(["createFileMcpAuthStore"]);
  });
});
