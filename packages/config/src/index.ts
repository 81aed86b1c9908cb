export { closestKey } from "./closest-key.js";
export { DEFAULT_CONFIG_FILE_NAME, INLINE_CONFIG_LABEL } from "./collect-config.js";
export {
  type DetachedServiceToken,
  detachedServiceTokenProblem,
  detachedServiceTokens,
  requireDetachedServiceTokens,
} from "./detached-service-tokens.js";
export { type ConfigDiagnosis, diagnoseMonoAgentConfig } from "./diagnose-mono-agent-config.js";
export {
  ENV_OVERRIDES,
  type EnvOverride,
  type EnvValueKind,
  RETIRED_ENV_VARIABLES,
} from "./env-overrides.js";
export { findHostVariableSyntax, type HostVariableUse } from "./find-host-variable-syntax.js";
export { mcpConfigJsonSchema, monoAgentConfigJsonSchema } from "./json-schema.js";
export { loadMonoAgentConfig } from "./load-mono-agent-config.js";
export type {
  ConfigOrigin,
  ConfigValueSource,
  DeclaredMcpServer,
  EnvRecord,
  LoadedConfig,
  LoadMonoAgentConfigOptions,
} from "./loaded-config.js";
export { type McpConfigFile, mcpConfigFileSchema } from "./mcp-config-file-schema.js";
export { mergeEnvFile } from "./merge-env-file.js";
export {
  type ConfigIssue,
  MonoAgentConfigError,
  type MonoAgentConfigErrorCode,
} from "./mono-agent-config-error.js";
export { type MonoAgentConfig, monoAgentConfigSchema } from "./mono-agent-config-schema.js";
export { parseEnvFile } from "./parse-env-file.js";
export {
  type BoundedFileResult,
  CONFIG_FILE_MAX_BYTES,
  readBoundedFile,
  readBoundedFileSync,
} from "./read-bounded-file.js";
export { CONFIG_MAX_NESTING_DEPTH } from "./read-json-file.js";
export {
  type ResolvedMcpServer,
  type ResolvedOAuthSettings,
  type ResolvedServerOptions,
  resolveMcpServer,
} from "./resolve-mcp-server.js";
export {
  APPROVAL_SCOPES,
  type ApprovalConfig,
  DEFAULT_APPROVAL_TIMEOUT_MS,
} from "./schema/approval-schema.js";
export {
  CONTINUATION_LIMIT_DEFAULTS,
  CONTINUATION_RETENTION_DEFAULTS,
  OPERATOR_PAGE_SIZE_MAX,
} from "./schema/continuations-schema.js";
export {
  DETACHED_SERVICE_NAME_PATTERN,
  DETACHED_SERVICE_TOKEN_MIN_CHARS,
  type DetachedServiceConfig,
} from "./schema/detached-services-schema.js";
export {
  type ConfigValue,
  type EnvReference,
  isEnvReference,
  resolveEnvReference,
} from "./schema/env-reference-schema.js";
export { DEFAULT_ASK_USER_TIMEOUT_MS } from "./schema/interaction-schema.js";
export { MCP_SERVER_NAME_PATTERN, mcpServerNameProblem } from "./schema/mcp-server-name.js";
export {
  DEFAULT_CONNECT_TIMEOUT_MS,
  isStdioServerSpec,
  type McpServerOptions,
  type McpServerSpec,
  mcpServerSpecSchema,
  type RemoteServerSpec,
  type StdioServerSpec,
} from "./schema/mcp-server-spec-schema.js";
export type { OAuthSettings } from "./schema/oauth-schema.js";
export { DEFAULT_MODEL, MODEL_REFERENCE_PATTERN } from "./schema/runtime-schema.js";
export { DEFAULT_SKILL_FOLDERS, type SkillsConfig } from "./schema/skills-schema.js";
export { POSTGRES_POOL_MAX, POSTGRES_SCHEMA_PATTERN } from "./schema/storage-schema.js";
export {
  DEFAULT_WEB_SEARCH_MAX_RESULTS,
  WEB_SEARCH_MAX_RESULTS,
  WEB_SEARCH_PROVIDERS,
  type WebSearchConfig,
} from "./schema/web-search-schema.js";
export {
  DEFAULT_SANDBOX_CONFIG,
  DEFAULT_SANDBOX_DENY_WRITE,
  DEFAULT_SANDBOX_ROOTS,
  SANDBOX_ALLOWLIST_ENTRY_FORM,
  type SandboxConfig,
  sandboxAllowlistEntryProblem,
} from "./schema/sandbox-schema.js";
export { MAX_TIMEOUT_MS } from "./schema/timeout-ms-schema.js";
export {
  DEFAULT_MCP_CALL_MAX_TOTAL_TIMEOUT_MS,
  DEFAULT_MCP_CALL_TIMEOUT_MS,
  DEFAULT_MCP_STARTUP_GRACE_MS,
} from "./schema/tools-schema.js";
export {
  DEFAULT_SLACK_HTTP_PORT,
  SLACK_CHANNEL_ID_PATTERN,
  type SlackConfig,
  slackSchema,
} from "./schema/slack-schema.js";
export {
  DEFAULT_TELEGRAM_WEBHOOK_PORT,
  TELEGRAM_CHAT_ID_PATTERN,
  type TelegramConfig,
  telegramSchema,
} from "./schema/telegram-schema.js";
export {
  DEFAULT_SIGNATURE_HEADER,
  DEFAULT_WEBHOOK_MAX_BODY_BYTES,
  DEFAULT_WEBHOOK_PORT,
  type ScheduleTriggerConfig,
  TRIGGER_NAME_PATTERN,
  type TriggerDestination,
  type TriggersConfig,
  WEBHOOK_SECRET_MIN_CHARS,
  type WebhookTriggerConfig,
} from "./schema/triggers-schema.js";
