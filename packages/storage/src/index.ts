export {
  assertPostgresSchemaName,
  DEFAULT_POSTGRES_SCHEMA,
  POSTGRES_SCHEMA_NAME_PATTERN,
} from "./postgres-schema-name.js";
export { redactPostgresUrl } from "./redact-postgres-url.js";
export { StorageError, type StorageErrorCode } from "./storage-error.js";
export { type StorageStatusReport, storageStatusReport } from "./storage-status-report.js";
