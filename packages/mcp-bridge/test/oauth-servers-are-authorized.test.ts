import { chmodSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { connectMcpServers } from "../src/connect-mcp-servers.js";
import type { McpBrowserLogin } from "../src/create-remote-auth-fetch.js";
import { createFileMcpAuthStore } from "../src/file-mcp-auth-store.js";
import { createMemoryMcpAuthStore, type McpAuthStore } from "../src/mcp-auth-store.js";
import { McpBridgeError } from "../src/mcp-bridge-error.js";
import type { RunRemoteServerSpec } from "../src/run-server-spec.js";
import { TEST_SERVER_OPTIONS, useTempDir } from "./fixtures/bridge-test-kit.js";
import { headlessLogin, type OAuthFixture, startOAuthFixture } from "./fixtures/oauth-test-kit.js";

const temp = useTempDir();
let fixture: OAuthFixture;
beforeAll(async () => {
  fixture = await startOAuthFixture({ clients: { "svc-client": "svc-secret" } });
});
afterAll(() => fixture.close());

const remote = (extra: Partial<RunRemoteServerSpec> = {}): RunRemoteServerSpec => ({
  name: "guarded",
  transport: "auto",
  url: fixture.url,
  headers: {},
  options: TEST_SERVER_OPTIONS,
  ...extra,
});

const connect = (store: McpAuthStore | undefined, spec: RunRemoteServerSpec, login?: McpBrowserLogin) =>
  connectMcpServers({
    servers: [spec],
    runId: "oauth-run",
    toolOutputDir: join(temp.path, "tool-output"),
    callTimeoutMs: 10_000,
    callMaxTotalTimeoutMs: 20_000,
    ...(store
      ? {
          auth: {
            store,
            loginHint: (name: string) => `run \`mono-agent mcp login ${name}\``,
            ...(login ? { login } : {}),
          },
        }
      : {}),
  });

describe("OAuth of remote servers", () => {
  test("a server that needs a login is skipped once, naming the login command, with no SSE retry and no registration", async () => {
    const before = { ...fixture.counts };
    const mcp = await connect(createMemoryMcpAuthStore(), remote());
    await mcp.close();
    expect(mcp.servers[0]).toMatchObject({ status: "failed", errorCode: "auth_required" });
    expect(mcp.warnings).toHaveLength(1);
    expect(mcp.warnings[0]?.message).toBe(
      'MCP server "guarded" needs a login: run `mono-agent mcp login guarded`.',
    );
    expect(fixture.counts.sseGets).toBe(before.sseGets);
    expect(fixture.counts.register).toBe(before.register);
  });

  test("a login (discovery, registration, PKCE) stores tokens that later runs use without a browser", async () => {
    const store = createMemoryMcpAuthStore();
    const login = headlessLogin();
    const first = await connect(store, remote(), login);
    const whoami = first.tools.find((tool) => tool.name === "mcp__guarded__whoami");
    expect((await whoami?.execute("c1", {}))?.content[0]).toMatchObject({ text: "scopes: read" });
    await first.close();
    expect(login.urls).toHaveLength(1);
    expect(login.urls[0]?.searchParams.get("code_challenge_method")).toBe("S256");
    expect(login.urls[0]?.searchParams.get("resource")).toBe(fixture.url);
    expect(store.list()).toEqual([
      expect.objectContaining({
        serverName: "guarded",
        resource: fixture.url,
        tokens: expect.objectContaining({ token_type: "Bearer" }),
        clientInformation: expect.objectContaining({ client_id: expect.stringMatching(/^client-/) }),
      }),
    ]);
    const authorizeCount = fixture.counts.authorize;
    const second = await connect(store, remote());
    expect(second.servers[0]?.status).toBe("connected");
    await second.close();
    expect(fixture.counts.authorize).toBe(authorizeCount);
  });

  test("an expired access token is refreshed without a person", async () => {
    const short = await startOAuthFixture({ tokenLifetimeSeconds: 1 });
    try {
      const store = createMemoryMcpAuthStore();
      const spec = remote({ url: short.url });
      await (await connect(store, spec, headlessLogin())).close();
      const record = store.list()[0]!;
      store.write({ ...record, tokensSavedAt: Date.now() - 5_000 });
      const later = await connect(store, spec);
      expect(later.servers[0]?.status).toBe("connected");
      await later.close();
      expect(short.counts.token.refresh_token).toBe(1);
      expect(short.counts.authorize).toBe(1);
    } finally {
      await short.close();
    }
  });

  test("step-up: a 403 insufficient_scope asks for the larger scope, with a login and without one", async () => {
    const store = createMemoryMcpAuthStore();
    const withLogin = await connect(store, remote(), headlessLogin());
    const admin = withLogin.tools.find((tool) => tool.name === "mcp__guarded__admin");
    expect((await admin?.execute("c2", {}))?.content[0]).toMatchObject({ text: "admin done" });
    await withLogin.close();

    const fresh = createMemoryMcpAuthStore();
    await (await connect(fresh, remote(), headlessLogin())).close();
    const noLogin = await connect(fresh, remote());
    const refused = noLogin.tools.find((tool) => tool.name === "mcp__guarded__admin");
    const error = await refused?.execute("c3", {}).catch((caught: unknown) => caught);
    await noLogin.close();
    expect(McpBridgeError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(
      /needs a login with the scope "read admin": run `mono-agent mcp login guarded`/,
    );
  });

  test("client credentials authorize an unattended host with no store and no login", async () => {
    const mcp = await connect(
      undefined,
      remote({ oauth: { grant: "client_credentials", clientId: "svc-client", clientSecret: "svc-secret" } }),
    );
    expect(mcp.servers[0]?.status).toBe("connected");
    await mcp.close();
    const wrong = await connect(
      undefined,
      remote({ oauth: { grant: "client_credentials", clientId: "svc-client", clientSecret: "nope" } }),
    );
    await wrong.close();
    expect(wrong.servers[0]).toMatchObject({ status: "failed", errorCode: "auth_failed" });
  });

  test("oauth: false and a server without a store get the 401 as a failure, never an SSE fallback", async () => {
    const sseBefore = fixture.counts.sseGets;
    const mcp = await connect(undefined, remote({ oauth: false }));
    await mcp.close();
    expect(mcp.servers[0]?.status).toBe("failed");
    expect(mcp.warnings[0]?.message).toMatch(/401/);
    expect(mcp.warnings[0]?.message).not.toMatch(/SSE/);
    expect(fixture.counts.sseGets).toBe(sseBefore);
  });
});

describe("the token file", () => {
  test("is written 0600 in a 0700 folder and read back by another store on the same file", () => {
    const file = join(temp.path, "state", "mcp-auth.json");
    const store = createFileMcpAuthStore(file);
    store.write({
      serverName: "a",
      resource: "https://a.example/mcp",
      tokens: { access_token: "t", token_type: "Bearer" },
    });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(temp.path, "state")).mode & 0o777).toBe(0o700);
    expect(createFileMcpAuthStore(file).read("a", "https://a.example/mcp")?.tokens?.access_token).toBe("t");
    expect(store.remove("a")).toBe(1);
    expect(store.list()).toEqual([]);
  });

  test("a symlink, a file readable by others and a foreign file are refused naming the path", () => {
    const target = join(temp.path, "elsewhere.json");
    writeFileSync(target, JSON.stringify({ version: 1, records: [] }), { mode: 0o600 });
    const link = join(temp.path, "linked.json");
    symlinkSync(target, link);
    expect(() => createFileMcpAuthStore(link).list()).toThrow(/is a symbolic link; move it aside/);
    const open = join(temp.path, "open.json");
    writeFileSync(open, JSON.stringify({ version: 1, records: [] }));
    chmodSync(open, 0o644);
    expect(() => createFileMcpAuthStore(open).list()).toThrow(/readable by others \(mode 644\)/);
    const foreign = join(temp.path, "foreign.json");
    writeFileSync(foreign, "[1,2]", { mode: 0o600 });
    expect(() => createFileMcpAuthStore(foreign).list()).toThrow(
      expect.objectContaining({ code: "auth_store_unsafe" }),
    );
  });
});
