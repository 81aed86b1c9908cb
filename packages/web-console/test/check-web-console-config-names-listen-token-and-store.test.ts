import { join } from "node:path";
import { loadMonoAgentConfig } from "@mono-agent/config";
import { tempDir } from "@mono-agent/test-utils";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { checkWebConsoleConfig } from "../src/check.js";

const TOKEN_ENV = "TEST_WEB_TOKEN";

async function check(config: Record<string, unknown>, env: Record<string, string> = {}, file?: string) {
  const cwd = tempDir("web-check-");
  const loaded = await loadMonoAgentConfig({ config, cwd, env: {} });
  return checkWebConsoleConfig(loaded, env, {
    threadStoreFile: file ?? join(cwd, "web-threads.sqlite"),
    tokenEnv: TOKEN_ENV,
  });
}

describe("checkWebConsoleConfig", () => {
  it("is ok on loopback with a random token and no threads yet", async () => {
    const lines = await check({});
    expect(lines.every((line) => line.status === "ok")).toBe(true);
    expect(lines[0]?.message).toBe("mono-agent serve listens on 127.0.0.1:4317 (web.host, web.port).");
    expect(lines[1]?.message).toBe(
      "Operator token: a new random one each start, carried by the printed URL.",
    );
    expect(lines[2]?.message).toMatch(/^No web threads yet/);
  });

  it("warns of a host that is not loopback, and never prints a fixed token", async () => {
    const lines = await check({ web: { host: "0.0.0.0", port: 4317 } }, { [TOKEN_ENV]: "x".repeat(64) });
    expect(lines[0]).toMatchObject({
      status: "warning",
      code: "web_host_not_loopback",
      jsonPath: "web.host",
    });
    expect(lines[1]).toEqual({ status: "ok", message: `Operator token: fixed by ${TOKEN_ENV} (not shown).` });
  });

  it("is an error for a token too weak to use", async () => {
    const lines = await check({}, { [TOKEN_ENV]: "short" });
    expect(lines[1]).toMatchObject({
      status: "error",
      code: "web_token_invalid",
      suggestion: `fix or unset ${TOKEN_ENV}`,
    });
  });

  it("counts threads, and names the fix when the store cannot be read", async () => {
    const dir = tempDir("web-store-");
    const good = join(dir, "good.sqlite");
    const sqlite = new Database(good);
    sqlite.exec("CREATE TABLE web_threads (id TEXT, archived_at_ms INTEGER)");
    sqlite.exec("INSERT INTO web_threads VALUES ('a', NULL), ('b', NULL), ('c', 1)");
    sqlite.close();
    expect((await check({}, {}, good))[2]?.message).toBe(`Threads: 2 open, 1 archived, in ${good}.`);
    const bad = join(dir, "bad.sqlite");
    new Database(bad).close();
    expect((await check({}, {}, bad))[2]).toMatchObject({
      status: "error",
      code: "web_store_unreadable",
      file: bad,
    });
  });
});
