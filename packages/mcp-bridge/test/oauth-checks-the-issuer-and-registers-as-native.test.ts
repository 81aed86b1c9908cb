import { describe, expect, test } from "vitest";
import { createMemoryMcpAuthStore } from "../src/mcp-auth-store.js";
import { useTempDir } from "./fixtures/bridge-test-kit.js";
import { connectWithAuth, headlessLogin, remoteSpec, startOAuthFixture } from "./fixtures/oauth-test-kit.js";

const temp = useTempDir();

describe("OAuth issuer checks (RFC 9207, RFC 8414) and registration (SEP-837)", () => {
  test("a login registers as a native application and keeps the issuer it answered with", async () => {
    const fixture = await startOAuthFixture();
    try {
      const store = createMemoryMcpAuthStore();
      const mcp = await connectWithAuth(temp.path, store, remoteSpec(fixture.url), headlessLogin());
      await mcp.close();
      expect(mcp.servers[0]?.status).toBe("connected");
      expect(fixture.registrations).toEqual([
        expect.objectContaining({
          application_type: "native",
          grant_types: ["authorization_code", "refresh_token"],
        }),
      ]);
      expect(store.list()[0]?.clientInformation).toMatchObject({ issuer: fixture.issuer });
    } finally {
      await fixture.close();
    }
  });

  test.each([
    {
      issInRedirect: "wrong" as const,
      reason: /names the issuer "https:\/\/elsewhere.example", not "http:\/\/127.0.0.1:\d+" \(RFC 9207\)/,
    },
    { issInRedirect: "omit" as const, reason: /says it sends "iss" but its answer has none \(RFC 9207\)/ },
  ])(
    "a login answer with iss $issInRedirect is refused and its code never exchanged",
    async ({ issInRedirect, reason }) => {
      const fixture = await startOAuthFixture({ issInRedirect });
      try {
        const store = createMemoryMcpAuthStore();
        const mcp = await connectWithAuth(temp.path, store, remoteSpec(fixture.url), headlessLogin());
        await mcp.close();
        expect(mcp.servers[0]).toMatchObject({ status: "failed", errorCode: "auth_failed" });
        expect(mcp.warnings[0]?.message).toMatch(reason);
        expect(fixture.counts.authorize).toBe(1);
        expect(fixture.counts.token.authorization_code).toBeUndefined();
        expect(store.list()[0]?.tokens).toBeUndefined();
      } finally {
        await fixture.close();
      }
    },
  );

  test("metadata naming another issuer is not used: no registration, no authorization", async () => {
    const fixture = await startOAuthFixture({ metadataIssuer: "https://attacker.example" });
    try {
      const mcp = await connectWithAuth(
        temp.path,
        createMemoryMcpAuthStore(),
        remoteSpec(fixture.url),
        headlessLogin(),
      );
      await mcp.close();
      expect(mcp.servers[0]).toMatchObject({ status: "failed", errorCode: "auth_failed" });
      expect(mcp.warnings[0]?.message).toMatch(
        /metadata of http:\/\/127.0.0.1:\d+ names another issuer \("https:\/\/attacker.example"\)/,
      );
      expect(fixture.counts.register).toBe(0);
      expect(fixture.counts.authorize).toBe(0);
    } finally {
      await fixture.close();
    }
  });
});

describe("offline_access (SEP-2207)", () => {
  test("is added to the scopes asked for where the authorization server lists it, and only there", async () => {
    const listing = await startOAuthFixture({ scopesSupported: ["read", "offline_access"] });
    const silent = await startOAuthFixture({ scopesSupported: ["read"] });
    try {
      const scopesAsked = async (url: string, scope?: string) => {
        const login = headlessLogin();
        const spec = remoteSpec(url, scope ? { oauth: { grant: "authorization_code", scope } } : {});
        await (await connectWithAuth(temp.path, createMemoryMcpAuthStore(), spec, login)).close();
        return login.urls[0]?.searchParams.get("scope");
      };
      expect(await scopesAsked(listing.url, "read")).toBe("read offline_access");
      expect(await scopesAsked(silent.url, "read")).toBe("read");
      // No scope asked: the server's defaults stand, not offline_access alone.
      expect(await scopesAsked(listing.url)).toBeNull();
    } finally {
      await listing.close();
      await silent.close();
    }
  });
});

describe("a server that moves to another authorization server (SEP-2352)", () => {
  test("is looked up again: the new one gets its own registration and never sees the old credentials", async () => {
    const first = await startOAuthFixture();
    const second = await startOAuthFixture();
    try {
      const store = createMemoryMcpAuthStore();
      const spec = remoteSpec(first.url);
      await (await connectWithAuth(temp.path, store, spec, headlessLogin())).close();
      const firstClientId = String(store.list()[0]?.clientInformation?.client_id);
      expect(firstClientId).toMatch(/^client-/);

      first.moveTo(second);
      // A run with nobody to log in: the old login is not offered to the new authorization server.
      const unattended = await connectWithAuth(temp.path, store, spec);
      await unattended.close();
      expect(unattended.servers[0]).toMatchObject({ status: "failed", errorCode: "auth_required" });

      const moved = await connectWithAuth(temp.path, store, spec, headlessLogin());
      const whoami = moved.tools.find((tool) => tool.name === "mcp__guarded__whoami");
      expect((await whoami?.execute("m1", {}))?.content[0]).toMatchObject({ text: "scopes: read" });
      await moved.close();
      expect(second.counts.register).toBe(1);
      expect(second.clientIdsSeen.length).toBeGreaterThan(0);
      expect(second.clientIdsSeen).not.toContain(firstClientId);
      expect(store.list()[0]?.tokens).toMatchObject({ issuer: second.issuer });
    } finally {
      await first.close();
      await second.close();
    }
  });
});
