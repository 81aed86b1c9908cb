export type { CheckLine, CheckResult, CheckStatus } from "./check-line.js";
export { closestKey, unknownMcpServerProblem } from "./closest-key.js";
export { type ImportedHostMcpConfig, importHostMcpConfig } from "./convert-host-config.js";
export type { McpImportNote } from "./convert-host-server.js";
export {
  type DetachedServiceToken,
  detachedServiceTokenProblem,
  detachedServiceTokens,
  requireDetachedServiceTokens,
} from "./detached-service-tokens.js";
export { type ConfigDiagnosis, diagnoseMonoAgentConfig } from "./diagnose-mono-agent-config.js";
export { ENV_OVERRIDES, type EnvOverride, type EnvValueKind } from "./env-overrides.js";
export { findHostVariableSyntax, type HostVariableUse } from "./find-host-variable-syntax.js";
export {
  detectHost,
  discoverHostFiles,
  MCP_IMPORT_HOSTS,
  type McpImportHost,
  type McpImportHostFile,
  usualHostFiles,
} from "./host-config-formats.js";
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
export { mcpConfigFileSchema } from "./mcp-config-file-schema.js";
export { mergeEnvFile } from "./merge-env-file.js";
export {
  type ConfigIssue,
  MonoAgentConfigError,
  type MonoAgentConfigErrorCode,
} from "./mono-agent-config-error.js";
export { type MonoAgentConfig, monoAgentConfigSchema } from "./mono-agent-config-schema.js";
export { parseEnvFile } from "./parse-env-file.js";
export { AMBIENT_CREDENTIAL_PROVIDERS, PROVIDER_API_KEY_ENV_NAMES } from "./provider-api-key-env-names.js";
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
  type CompatibleProviderSettings,
  type ModelSettingsProblem,
  PLACEHOLDER_API_KEY,
  parseModelRef,
  resolveCompatibleProvider,
  resolveProviderApiKey,
} from "./resolve-model-provider.js";
export {
  APPROVAL_SCOPES,
  type ApprovalConfig,
  DEFAULT_APPROVAL_TIMEOUT_MS,
} from "./schema/approval-schema.js";
export {
  type A2aConfig,
  COLLABORATOR_DEFAULTS,
  type CollaboratorConfig,
  type CollaboratorsConfig,
  DEFAULT_A2A_PORT,
} from "./schema/collaborators-schema.js";
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
export { mcpServerNameProblem } from "./schema/mcp-server-name.js";
export {
  isStdioServerSpec,
  type McpServerOptions,
  type McpServerSpec,
  type RemoteServerSpec,
  type StdioServerSpec,
} from "./schema/mcp-server-spec-schema.js";
export type { OAuthSettings } from "./schema/oauth-schema.js";
export {
  EMBEDDINGS_DEFAULT_ENDPOINTS,
  MEMORY_MODES,
  type MemoryConfig,
} from "./schema/memory-schema.js";
export { MODEL_REFERENCE_PATTERN } from "./schema/runtime-schema.js";
export { DEFAULT_SANDBOX_CONFIG, type SandboxConfig } from "./schema/sandbox-schema.js";
export { DEFAULT_SKILL_FOLDERS } from "./schema/skills-schema.js";
export type { SlackConfig } from "./schema/slack-schema.js";
export type { TelegramConfig } from "./schema/telegram-schema.js";
export { MAX_TIMEOUT_MS } from "./schema/timeout-ms-schema.js";
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
export type { McpImportContext } from "./translate-host-value.js";
