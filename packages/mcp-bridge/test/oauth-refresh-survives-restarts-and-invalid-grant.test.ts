import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { createFileMcpAuthStore } from "../src/file-mcp-auth-store.js";
import { useTempDir } from "./fixtures/bridge-test-kit.js";
import { connectWithAuth, headlessLogin, remoteSpec, startOAuthFixture } from "./fixtures/oauth-test-kit.js";

const temp = useTempDir();

/** A new process of the host: a new store object on the same token file, nothing kept in memory. */
const restart = (file: string) => createFileMcpAuthStore(file);

/** Makes the stored access token look older than its lifetime (60 s), as it is after a night. */
function ageTokens(file: string) {
  const store = restart(file);
  const record = store.list()[0]!;
  store.write({ ...record, tokensSavedAt: Date.now() - 120_000 });
  return record.tokens?.refresh_token;
}

describe("OAuth refresh across restarts", () => {
  test("an expired login is refreshed by each new process, and the rotated refresh token is the one kept", async () => {
    const fixture = await startOAuthFixture({ tokenLifetimeSeconds: 60 });
    try {
      const file = join(temp.path, "rotate", "mcp-auth.json");
      const spec = remoteSpec(fixture.url);
      await (await connectWithAuth(temp.path, restart(file), spec, headlessLogin())).close();
      const refreshTokens = [ageTokens(file)];

      for (const round of [1, 2]) {
        const run = await connectWithAuth(temp.path, restart(file), spec);
        const whoami = run.tools.find((tool) => tool.name === "mcp__guarded__whoami");
        expect((await whoami?.execute(`c${round}`, {}))?.content[0]).toMatchObject({ text: "scopes: read" });
        await run.close();
        expect(run.servers[0]?.status).toBe("connected");
        expect(fixture.counts.token.refresh_token).toBe(round);
        refreshTokens.push(ageTokens(file));
      }
      // Each refresh token was used once and replaced; the fixture refuses a used one, so rotation is real.
      expect(new Set(refreshTokens).size).toBe(3);
      expect(fixture.counts.authorize).toBe(1);
      expect(restart(file).list()[0]?.tokens).toMatchObject({ issuer: fixture.issuer });
    } finally {
      await fixture.close();
    }
  });

  test("a dead refresh token (invalid_grant) is cleared with one message to log in again, and not retried", async () => {
    const fixture = await startOAuthFixture({ tokenLifetimeSeconds: 60 });
    try {
      const file = join(temp.path, "dead", "mcp-auth.json");
      const spec = remoteSpec(fixture.url);
      await (await connectWithAuth(temp.path, restart(file), spec, headlessLogin())).close();
      ageTokens(file);
      fixture.revokeRefreshTokens();

      const refused = await connectWithAuth(temp.path, restart(file), spec);
      await refused.close();
      expect(refused.servers[0]).toMatchObject({ status: "failed", errorCode: "auth_required" });
      expect(refused.warnings.map((warning) => warning.message)).toEqual([
        'MCP server "guarded" refused the stored login (its refresh token is no longer valid), so it was cleared; log in again: run `mono-agent mcp login guarded`.',
      ]);
      expect(fixture.counts.token.refresh_token).toBe(1);
      const record = restart(file).list()[0];
      expect(record?.tokens).toBeUndefined();
      expect(record?.clientInformation).toBeDefined();

      // The next process does not post the dead token again: it asks for a login, as for any server.
      const next = await connectWithAuth(temp.path, restart(file), spec);
      await next.close();
      expect(next.warnings.map((warning) => warning.message)).toEqual([
        'MCP server "guarded" needs a login: run `mono-agent mcp login guarded`.',
      ]);
      expect(fixture.counts.token.refresh_token).toBe(1);

      // Logging in again works with the kept registration, and the run after it connects.
      await (await connectWithAuth(temp.path, restart(file), spec, headlessLogin())).close();
      const after = await connectWithAuth(temp.path, restart(file), spec);
      await after.close();
      expect(after.servers[0]?.status).toBe("connected");
      expect(fixture.counts.register).toBe(1);
    } finally {
      await fixture.close();
    }
  });
});
