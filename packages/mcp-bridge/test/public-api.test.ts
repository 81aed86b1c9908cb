import { join } from "node:path";
import { exportedNames } from "@mono-agent/test-utils";
import { describe, expect, test } from "vitest";
import * as check from "../src/check.js";
import * as root from "../src/index.js";
import * as node from "../src/node.js";
import * as probe from "../src/probe.js";
import * as stdio from "../src/stdio.js";
import * as tasks from "../src/tasks.js";

const sourceDir = join(import.meta.dirname, "..", "src");

// Adding a name here is an API decision: export what another package or a documented host uses; keep
// limits and helpers internal (tests import them from ../src/<file>.js).
describe("public API", () => {
  test("the root entry", () => {
    expect(Object.keys(root).sort()).toMatchInlineSnapshot(`
      [
        "MCP_RESOURCES_TOOL_NAME",
        "McpBridgeError",
        "checkMcpTasks",
        "connectMcpServers",
        "createMcpResourcesTool",
        "createMemoryMcpAuthStore",
        "createMemoryMcpEraMemory",
        "limitToolOutput",
        "mcpAgentToolInfo",
        "prelaunchableServers",
        "probeMcpServer",
        "resolveRunServerSpecs",
        "startMcpServers",
      ]
    `);
    expect(exportedNames(join(sourceDir, "index.ts"))).toMatchInlineSnapshot(`
      [
        "CheckMcpTasksOptions",
        "ConnectMcpServersOptions",
        "ConnectedMcpServers",
        "ConnectedServerInfo",
        "LaunchedStdioServer",
        "LimitedToolOutput",
        "LiveMcpServers",
        "MCP_RESOURCES_TOOL_NAME",
        "McpAuthOptions",
        "McpAuthRecord",
        "McpAuthStore",
        "McpAuthorizationResponse",
        "McpBridgeError",
        "McpBridgeErrorCode",
        "McpBridgeWarning",
        "McpBrowserLogin",
        "McpElicitationPort",
        "McpEraMemory",
        "McpPromptInfo",
        "McpProtocolChoice",
        "McpProtocolEra",
        "McpResourcesSource",
        "McpServerProbe",
        "McpServerStatusEvent",
        "McpTaskCheck",
        "McpTaskHandoff",
        "McpTaskHandoffReceipt",
        "McpTaskHandoffRequest",
        "McpToolListCache",
        "McpToolProgress",
        "McpToolProgressEvent",
        "OversizeOutputTarget",
        "ProbeMcpServerOptions",
        "ProbedMcpPrompt",
        "ProbedMcpTool",
        "RenderedMcpPrompt",
        "RunOAuthSettings",
        "RunRemoteServerSpec",
        "RunServerOptions",
        "RunServerSpec",
        "RunStdioServerSpec",
        "SkippedServer",
        "StdioLauncher",
        "TaskHandoffReason",
        "checkMcpTasks",
        "connectMcpServers",
        "createMcpResourcesTool",
        "createMemoryMcpAuthStore",
        "createMemoryMcpEraMemory",
        "limitToolOutput",
        "mcpAgentToolInfo",
        "prelaunchableServers",
        "probeMcpServer",
        "resolveRunServerSpecs",
        "startMcpServers",
      ]
    `);
  });

  test("./stdio", () => {
    expect(Object.keys(stdio).sort()).toMatchInlineSnapshot(`
      [
        "createPrelaunchingStdioLauncher",
        "createStdioLauncher",
      ]
    `);
    expect(exportedNames(join(sourceDir, "stdio.ts"))).toMatchInlineSnapshot(`
      [
        "PrelaunchingStdioLauncher",
        "ProcessCloseGrace",
        "ProcessGroupCommand",
        "StdioLauncherOptions",
        "createPrelaunchingStdioLauncher",
        "createStdioLauncher",
      ]
    `);
  });

  test("./node", () => {
    expect(Object.keys(node).sort()).toMatchInlineSnapshot(`
      [
        "createFileMcpAuthStore",
        "createFileMcpToolListCache",
        "describeAuthState",
        "loginMcpServer",
        "mcpLoginLine",
        "mcpLoginRefusal",
        "mcpLogoutLine",
        "oauthLoginLines",
        "startBrowserLogin",
      ]
    `);
    expect(exportedNames(join(sourceDir, "node.ts"))).toMatchInlineSnapshot(`
      [
        "BrowserLogin",
        "BrowserLoginOptions",
        "LoginMcpServerInput",
        "McpAuthState",
        "McpAuthStateServer",
        "McpLoginOutcome",
        "createFileMcpAuthStore",
        "createFileMcpToolListCache",
        "describeAuthState",
        "loginMcpServer",
        "mcpLoginLine",
        "mcpLoginRefusal",
        "mcpLogoutLine",
        "oauthLoginLines",
        "startBrowserLogin",
      ]
    `);
  });

  test("./tasks", () => {
    expect(Object.keys(tasks).sort()).toMatchInlineSnapshot(`
      [
        "MAX_TASK_HANDOFFS_PER_RUN",
        "MAX_TASK_HANDOFFS_PER_SERVER",
        "TASK_HANDOFF_TTL_MS",
        "createRunTaskHandoff",
        "startMcpTaskWatcher",
      ]
    `);
    expect(exportedNames(join(sourceDir, "tasks.ts"))).toMatchInlineSnapshot(`
      [
        "HandOffTaskClaim",
        "HandOffTaskRequest",
        "HandedOffTask",
        "HandedOffTaskStore",
        "MAX_TASK_HANDOFFS_PER_RUN",
        "MAX_TASK_HANDOFFS_PER_SERVER",
        "McpTaskOutcomePayload",
        "McpTaskWatcher",
        "McpTaskWatcherOptions",
        "RunTaskHandoffOptions",
        "TASK_HANDOFF_TTL_MS",
        "createRunTaskHandoff",
        "startMcpTaskWatcher",
      ]
    `);
  });
  test("./check", () => {
    expect(Object.keys(check).sort()).toMatchInlineSnapshot(`
      [
        "checkContinuationServers",
        "checkMcpServers",
        "checkRequestContextServers",
        "checkStdioCommands",
      ]
    `);
    expect(exportedNames(join(sourceDir, "check.ts"))).toMatchInlineSnapshot(`
      [
        "checkContinuationServers",
        "checkMcpServers",
        "checkRequestContextServers",
        "checkStdioCommands",
      ]
    `);
  });
  test("./probe", () => {
    expect(Object.keys(probe).sort()).toMatchInlineSnapshot(`
      [
        "describeProbedServers",
        "mcpConnectLines",
        "probeDeclaredServers",
      ]
    `);
    expect(exportedNames(join(sourceDir, "probe.ts"))).toMatchInlineSnapshot(`
      [
        "DeclaredServerProbe",
        "ProbeDeclaredServersInput",
        "describeProbedServers",
        "mcpConnectLines",
        "probeDeclaredServers",
      ]
    `);
  });
});
