import { describe, expect, it } from "vitest";
import { checkStorageConfig } from "../src/check.js";
import { openPostgresPool, type PostgresMigrations } from "../src/postgres.js";

/** Nothing listens on port 1 of the loopback: a connection is refused at once. */
const UNREACHABLE_URL = "postgres://agent:secret@127.0.0.1:1/agents";
const STORES: readonly PostgresMigrations[] = [];

const loadPostgres = async () => ({
  openPool: (url: string) => openPostgresPool({ url }),
  stores: STORES,
});

describe("checkStorageConfig", () => {
  it("is one ok line for SQLite files, loading nothing of PostgreSQL", async () => {
    const lines = await checkStorageConfig<string>({
      resolveSettings: () => undefined,
      loadPostgres: () => Promise.reject(new Error("not loaded for SQLite")),
      connect: true,
    });
    expect(lines).toEqual([
      { status: "ok", message: "SQLite files beside the agent (one host; storage.postgres shares them)." },
    ]);
  });

  it("is an error when the URL's variable is unset", async () => {
    const lines = await checkStorageConfig({
      resolveSettings: () => {
        throw new Error("storage.postgres.url: DATABASE_URL is not set");
      },
      loadPostgres,
      connect: false,
    });
    expect(lines).toEqual([
      {
        status: "error",
        code: "storage_url_unset",
        jsonPath: "storage.postgres.url",
        message: "storage.postgres.url: DATABASE_URL is not set",
      },
    ]);
  });

  it("without connect lists what is shared, hides the password and warns that memory is per host", async () => {
    const lines = await checkStorageConfig({
      resolveSettings: () => UNREACHABLE_URL,
      loadPostgres,
      connect: false,
    });
    expect(lines.map((line) => line.status)).toEqual(["ok", "ok", "warning"]);
    expect(lines[0]?.message).toMatch(/^PostgreSQL postgres:\/\/agent:\*+@127\.0\.0\.1:1\/agents, schema /);
    expect(JSON.stringify(lines)).not.toContain("secret");
    expect(lines[2]?.code).toBe("storage_per_host_parts");
  });

  it("with connect names the fix when the database does not answer", async () => {
    const lines = await checkStorageConfig({
      resolveSettings: () => UNREACHABLE_URL,
      loadPostgres,
      connect: true,
    });
    expect(lines.find((line) => line.code === "storage_unreachable")).toMatchObject({
      status: "error",
      jsonPath: "storage.postgres",
      suggestion:
        "check storage.postgres.url (postgres://user:password@host:5432/database) and that the server runs",
    });
  });
});
