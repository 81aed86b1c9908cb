import { describe, expect, test } from "vitest";
import { storageStatusReport } from "../src/index.js";

describe("storageStatusReport", () => {
  test("without PostgreSQL every store is a SQLite file beside the agent", () => {
    expect(storageStatusReport()).toEqual({
      text: "Stores: SQLite files beside the agent (no storage.postgres in the config); each is migrated when it is opened.\n",
      json: { engine: "sqlite", stores: [] },
    });
  });

  test("with PostgreSQL: the hidden-password URL, the schema, each store's migrations and what stays local", () => {
    const stores = [
      { store: "conversations", applied: 3, pending: 0 },
      { store: "continuations", applied: 1, pending: 2 },
    ];
    const report = storageStatusReport({
      displayUrl: "postgres://agent:***@db/agent",
      schema: "mono",
      stores,
    });
    expect(report.text).toBe(
      [
        "Stores: PostgreSQL postgres://agent:***@db/agent, schema mono",
        "  conversations    3 applied, 0 pending",
        "  continuations    1 applied, 2 pending (run `mono-agent storage migrate`)",
        "  memory           files on each host (not shared)",
        "  run records      SQLite on each host (not shared; so are web threads)",
        "",
      ].join("\n"),
    );
    expect(report.json).toEqual({
      engine: "postgres",
      url: "postgres://agent:***@db/agent",
      schema: "mono",
      stores,
    });
  });
});
