// loginMcpServer runs `mono-agent mcp login` without the CLI: a browser login (here in paste mode, the
// test playing the person) against a real OAuth fixture, the tokens kept in the store, and the lines
// the CLI prints; mcpLoginRefusal says which declared servers cannot log in.
import { join } from "node:path";
import { PassThrough } from "node:stream";
import type { DeclaredMcpServer } from "@mono-agent/config";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createMemoryMcpAuthStore } from "../src/mcp-auth-store.js";
import { loginMcpServer, mcpLoginLine, mcpLoginRefusal, mcpLogoutLine } from "../src/node.js";
import type { RunRemoteServerSpec } from "../src/run-server-spec.js";
import { TEST_SERVER_OPTIONS, useTempDir } from "./fixtures/bridge-test-kit.js";
// @ts-expect-error the fixture is plain JavaScript
import { startOAuthFixture } from "./fixtures/oauth-server.mjs";

const temp = useTempDir();
let fixture: { url: string; close(): Promise<void> };
beforeAll(async () => {
  fixture = await startOAuthFixture();
});
afterAll(() => fixture.close());

const declare = (spec: DeclaredMcpServer["spec"]): DeclaredMcpServer => ({
  name: "guarded",
  spec,
  origin: { file: "/agent/mcp.json", jsonPath: "mcpServers.guarded" },
  declaredIn: "mcp.json",
});

describe("mcp login", () => {
  test("a login in paste mode keeps the tokens and says how many tools the server offers", async () => {
    const store = createMemoryMcpAuthStore();
    const paste = new PassThrough();
    const written: string[] = [];
    const spec: RunRemoteServerSpec = {
      name: "guarded",
      transport: "auto",
      url: fixture.url,
      headers: {},
      options: TEST_SERVER_OPTIONS,
    };
    const outcome = await loginMcpServer({
      spec,
      store,
      browser: {
        env: {},
        paste,
        write: (text) => {
          written.push(text);
          // The person opens the printed address; the fixture's /authorize redirects at once.
          const address = /https?:\/\/\S+authorize\S*/.exec(text)?.[0];
          if (address === undefined) return;
          void fetch(address, { redirect: "manual" }).then((answer) =>
            paste.write(`${answer.headers.get("location")}\n`),
          );
        },
      },
      connect: {
        runId: "mcp-login",
        toolOutputDir: join(temp.path, "tool-output"),
        callTimeoutMs: 10_000,
        callMaxTotalTimeoutMs: 20_000,
      },
    });
    expect(outcome).toMatchObject({ status: "connected", serverName: "guarded" });
    expect(store.list()[0]?.tokens?.access_token).toBeTruthy();
    expect(written.join("")).toContain("paste the address the browser ends on here");
    if (outcome.status !== "connected") return;
    expect(mcpLoginLine(outcome)).toMatch(
      /^Logged in to "guarded"( \(scopes: .+\))?; it offers \d+ tools?\.$/,
    );
  });

  test("stdio, oauth false and client credentials servers are refused with the reason", () => {
    expect(mcpLoginRefusal(declare({ command: "node" }))).toBe(
      '"guarded" is a stdio server; only remote (HTTP/SSE) servers log in',
    );
    expect(mcpLoginRefusal(declare({ url: fixture.url, oauth: false }))).toBe(
      '"guarded" has "oauth": false; remove it to log in with OAuth',
    );
    expect(mcpLoginRefusal(declare({ url: fixture.url, oauth: { grant: "client_credentials" } }))).toMatch(
      /uses client credentials: it authorizes itself at every run, no login needed$/,
    );
    expect(mcpLoginRefusal(declare({ url: fixture.url }))).toBeUndefined();
  });

  test("logout says whether there was a login to forget", () => {
    expect(mcpLogoutLine("guarded", 1)).toBe(
      'Logged out of "guarded": its tokens and client registration are forgotten.',
    );
    expect(mcpLogoutLine("guarded", 0)).toBe('Nothing to forget: there is no login kept for "guarded".');
  });
});
