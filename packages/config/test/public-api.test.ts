import { join } from "node:path";
import { exportedNames } from "@mono-agent/test-utils";
import { describe, expect, test } from "vitest";
import * as checkEntry from "../src/check.js";
import * as closestKeyEntry from "../src/closest-key.js";
import * as root from "../src/index.js";
import * as mcpImportEntry from "../src/mcp-import.js";

const sourceDir = join(import.meta.dirname, "..", "src");

// Adding a name here is an API decision: export what another package or a documented host uses; keep
// limits and helpers internal (tests import them from ../src/<file>.js).
describe("public API", () => {
  test("the root entry", () => {
    expect(Object.keys(root).sort()).toMatchInlineSnapshot(`
      [
        "APPROVAL_SCOPES",
        "CONFIG_FILE_MAX_BYTES",
        "CONFIG_MAX_NESTING_DEPTH",
        "CONTINUATION_LIMIT_DEFAULTS",
        "CONTINUATION_RETENTION_DEFAULTS",
        "DEFAULT_APPROVAL_TIMEOUT_MS",
        "DEFAULT_SANDBOX_CONFIG",
        "DEFAULT_SIGNATURE_HEADER",
        "DEFAULT_SKILL_FOLDERS",
        "DEFAULT_WEBHOOK_MAX_BODY_BYTES",
        "DEFAULT_WEBHOOK_PORT",
        "DETACHED_SERVICE_NAME_PATTERN",
        "DETACHED_SERVICE_TOKEN_MIN_CHARS",
        "ENV_OVERRIDES",
        "MAX_TIMEOUT_MS",
        "MCP_IMPORT_HOSTS",
        "MODEL_REFERENCE_PATTERN",
        "MonoAgentConfigError",
        "OPERATOR_PAGE_SIZE_MAX",
        "TRIGGER_NAME_PATTERN",
        "WEBHOOK_SECRET_MIN_CHARS",
        "closestKey",
        "detachedServiceTokenProblem",
        "detachedServiceTokens",
        "detectHost",
        "diagnoseMonoAgentConfig",
        "discoverHostFiles",
        "findHostVariableSyntax",
        "importHostMcpConfig",
        "isEnvReference",
        "isStdioServerSpec",
        "loadMonoAgentConfig",
        "mcpConfigFileSchema",
        "mcpConfigJsonSchema",
        "mcpServerNameProblem",
        "mergeEnvFile",
        "monoAgentConfigJsonSchema",
        "monoAgentConfigSchema",
        "parseEnvFile",
        "readBoundedFile",
        "readBoundedFileSync",
        "requireDetachedServiceTokens",
        "resolveEnvReference",
        "resolveMcpServer",
        "usualHostFiles",
      ]
    `);
    expect(exportedNames(join(sourceDir, "index.ts"))).toMatchInlineSnapshot(`
      [
        "APPROVAL_SCOPES",
        "ApprovalConfig",
        "BoundedFileResult",
        "CONFIG_FILE_MAX_BYTES",
        "CONFIG_MAX_NESTING_DEPTH",
        "CONTINUATION_LIMIT_DEFAULTS",
        "CONTINUATION_RETENTION_DEFAULTS",
        "CheckLine",
        "CheckResult",
        "CheckStatus",
        "ConfigDiagnosis",
        "ConfigIssue",
        "ConfigOrigin",
        "ConfigValue",
        "ConfigValueSource",
        "DEFAULT_APPROVAL_TIMEOUT_MS",
        "DEFAULT_SANDBOX_CONFIG",
        "DEFAULT_SIGNATURE_HEADER",
        "DEFAULT_SKILL_FOLDERS",
        "DEFAULT_WEBHOOK_MAX_BODY_BYTES",
        "DEFAULT_WEBHOOK_PORT",
        "DETACHED_SERVICE_NAME_PATTERN",
        "DETACHED_SERVICE_TOKEN_MIN_CHARS",
        "DeclaredMcpServer",
        "DetachedServiceConfig",
        "DetachedServiceToken",
        "ENV_OVERRIDES",
        "EnvOverride",
        "EnvRecord",
        "EnvReference",
        "EnvValueKind",
        "HostVariableUse",
        "ImportedHostMcpConfig",
        "LoadMonoAgentConfigOptions",
        "LoadedConfig",
        "MAX_TIMEOUT_MS",
        "MCP_IMPORT_HOSTS",
        "MODEL_REFERENCE_PATTERN",
        "McpImportContext",
        "McpImportHost",
        "McpImportHostFile",
        "McpImportNote",
        "McpServerOptions",
        "McpServerSpec",
        "MonoAgentConfig",
        "MonoAgentConfigError",
        "MonoAgentConfigErrorCode",
        "OAuthSettings",
        "OPERATOR_PAGE_SIZE_MAX",
        "RemoteServerSpec",
        "ResolvedMcpServer",
        "ResolvedOAuthSettings",
        "ResolvedServerOptions",
        "SandboxConfig",
        "ScheduleTriggerConfig",
        "SlackConfig",
        "StdioServerSpec",
        "TRIGGER_NAME_PATTERN",
        "TelegramConfig",
        "TriggerDestination",
        "TriggersConfig",
        "WEBHOOK_SECRET_MIN_CHARS",
        "WebhookTriggerConfig",
        "closestKey",
        "detachedServiceTokenProblem",
        "detachedServiceTokens",
        "detectHost",
        "diagnoseMonoAgentConfig",
        "discoverHostFiles",
        "findHostVariableSyntax",
        "importHostMcpConfig",
        "isEnvReference",
        "isStdioServerSpec",
        "loadMonoAgentConfig",
        "mcpConfigFileSchema",
        "mcpConfigJsonSchema",
        "mcpServerNameProblem",
        "mergeEnvFile",
        "monoAgentConfigJsonSchema",
        "monoAgentConfigSchema",
        "parseEnvFile",
        "readBoundedFile",
        "readBoundedFileSync",
        "requireDetachedServiceTokens",
        "resolveEnvReference",
        "resolveMcpServer",
        "usualHostFiles",
      ]
    `);
  });
  test("./closest-key: did-you-mean without the schemas", () => {
    expect(Object.keys(closestKeyEntry).sort()).toMatchInlineSnapshot(`
      [
        "closestKey",
      ]
    `);
  });
  test("./check: the Config and Model findings of validate", () => {
    expect(Object.keys(checkEntry).sort()).toMatchInlineSnapshot(`
      [
        "checkConfig",
        "checkModel",
        "configIssueLine",
        "isMcpConfigIssue",
      ]
    `);
  });
  test("./mcp-import", () => {
    expect(Object.keys(mcpImportEntry).sort()).toMatchInlineSnapshot(`
      [
        "findMcpImportSources",
        "mcpImportLines",
        "planMcpImport",
        "writeMcpImport",
      ]
    `);
    expect(exportedNames(join(sourceDir, "mcp-import.ts"))).toMatchInlineSnapshot(`
      [
        "McpImportPlan",
        "McpImportSource",
        "McpImportedFile",
        "PlanMcpImportInput",
        "findMcpImportSources",
        "mcpImportLines",
        "planMcpImport",
        "writeMcpImport",
      ]
    `);
  });
});
