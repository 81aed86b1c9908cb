import { join } from "node:path";
import { exportedNames } from "@mono-agent/test-utils";
import { describe, expect, test } from "vitest";
import * as check from "../src/check.js";
import * as root from "../src/index.js";
import * as node from "../src/node.js";
import * as postgres from "../src/postgres.js";
import * as sqlite from "../src/sqlite.js";
import * as testing from "../src/testing.js";

const sourceDir = join(import.meta.dirname, "..", "src");

// Adding a name here is an API decision: export what another package or a documented host uses; keep
// limits and helpers internal (tests import them from ../src/<file>.js).
describe("public API", () => {
  test("the root entry", () => {
    expect(Object.keys(root).sort()).toMatchInlineSnapshot(`
      [
        "DEFAULT_POSTGRES_SCHEMA",
        "POSTGRES_SCHEMA_NAME_PATTERN",
        "StorageError",
        "assertPostgresSchemaName",
        "redactPostgresUrl",
        "storageStatusReport",
      ]
    `);
    expect(exportedNames(join(sourceDir, "index.ts"))).toMatchInlineSnapshot(`
      [
        "DEFAULT_POSTGRES_SCHEMA",
        "POSTGRES_SCHEMA_NAME_PATTERN",
        "StorageError",
        "StorageErrorCode",
        "StorageStatusReport",
        "assertPostgresSchemaName",
        "redactPostgresUrl",
        "storageStatusReport",
      ]
    `);
  });
  test("./node", () => {
    expect(Object.keys(node).sort()).toMatchInlineSnapshot(`
      [
        "processAlive",
      ]
    `);
    expect(exportedNames(join(sourceDir, "node.ts"))).toMatchInlineSnapshot(`
      [
        "processAlive",
      ]
    `);
  });
  test("./sqlite", () => {
    expect(Object.keys(sqlite).sort()).toMatchInlineSnapshot(`
      [
        "SQLITE_MIGRATION_ATTEMPTS",
        "migrateSqlite",
        "openSqliteDatabase",
      ]
    `);
    expect(exportedNames(join(sourceDir, "sqlite.ts"))).toMatchInlineSnapshot(`
      [
        "MigrateSqliteOptions",
        "OpenSqliteDatabaseOptions",
        "SQLITE_MIGRATION_ATTEMPTS",
        "migrateSqlite",
        "openSqliteDatabase",
      ]
    `);
  });
  test("./postgres", () => {
    expect(Object.keys(postgres).sort()).toMatchInlineSnapshot(`
      [
        "POSTGRES_CONNECT_TIMEOUT_MS",
        "POSTGRES_POOL_MAX_DEFAULT",
        "SYNC_POSTGRES_STATEMENT_TIMEOUT_MS",
        "SyncPostgresError",
        "advisoryLockKey",
        "createPostgresKeyedLock",
        "migratePostgres",
        "openPostgresPool",
        "openSyncPostgres",
        "postgresMigrationStatus",
        "withAdvisoryLock",
      ]
    `);
    expect(exportedNames(join(sourceDir, "postgres.ts"))).toMatchInlineSnapshot(`
      [
        "CreatePostgresKeyedLockOptions",
        "OpenPostgresPoolOptions",
        "OpenSyncPostgresOptions",
        "POSTGRES_CONNECT_TIMEOUT_MS",
        "POSTGRES_POOL_MAX_DEFAULT",
        "PostgresKeyedLock",
        "PostgresMigrationStatus",
        "PostgresMigrations",
        "PostgresPool",
        "SYNC_POSTGRES_STATEMENT_TIMEOUT_MS",
        "SyncPostgres",
        "SyncPostgresError",
        "SyncQueryResult",
        "WithAdvisoryLockOptions",
        "advisoryLockKey",
        "createPostgresKeyedLock",
        "migratePostgres",
        "openPostgresPool",
        "openSyncPostgres",
        "postgresMigrationStatus",
        "withAdvisoryLock",
      ]
    `);
  });
  test("./testing", () => {
    expect(Object.keys(testing).sort()).toMatchInlineSnapshot(`
      [
        "startTestPostgres",
      ]
    `);
    expect(exportedNames(join(sourceDir, "testing.ts"))).toMatchInlineSnapshot(`
      [
        "TestPostgres",
        "startTestPostgres",
      ]
    `);
  });
  test("./check", () => {
    expect(Object.keys(check).sort()).toMatchInlineSnapshot(`
      [
        "checkStorageConfig",
      ]
    `);
    expect(exportedNames(join(sourceDir, "check.ts"))).toMatchInlineSnapshot(`
      [
        "StorageCheckOptions",
        "checkStorageConfig",
      ]
    `);
  });
});
