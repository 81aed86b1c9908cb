import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

const SRC = fileURLToPath(new URL("../src/", import.meta.url));

describe("the public surface of @mono-agent/interaction", () => {
  test("the root entry never loads SQLite or drizzle: the store stays on ./sqlite", () => {
    const rootFiles = readdirSync(SRC).filter((name) => name.endsWith(".ts") && name !== "sqlite.ts");
    for (const name of rootFiles) {
      const text = readFileSync(join(SRC, name), "utf8");
      expect(text, name).not.toMatch(/better-sqlite3|drizzle-orm|\.\/sqlite\//);
    }
  });

  test("exports exactly these names (a new export is an API decision)", async () => {
    expect(Object.keys(await import("../src/index.js")).sort()).toEqual([
      "ANSWER_TEXT_MAX_CHARACTERS",
      "ASK_USER_HEADER_MAX_CHARACTERS",
      "ASK_USER_INPUT_SCHEMA",
      "ASK_USER_MAX_OPTIONS",
      "ASK_USER_MAX_QUESTIONS",
      "ASK_USER_MIN_OPTIONS",
      "ASK_USER_TEXT_MAX_CHARACTERS",
      "InteractionError",
      "MAX_TIMER_MS",
      "checkAnswer",
      "checkFormContent",
      "checkFormValue",
      "createAskBroker",
      "decideApproval",
      "hashToolArguments",
      "parseAskUserInput",
    ]);
    expect(Object.keys(await import("../src/sqlite.js")).sort()).toEqual([
      "INTERACTION_STORE_BUSY_TIMEOUT_MS",
      "approvals",
      "asks",
      "createSqliteInteractionStore",
    ]);
  });
});
