// describeAuthState reads a server's login state from the token store, as `mcp list` and `validate` show it.
import { describe, expect, test } from "vitest";
import { createMemoryMcpAuthStore, type McpAuthRecord } from "../src/index.js";
import { describeAuthState } from "../src/node.js";

const URL_OF_DOCS = "https://mcp.example.test/mcp";
const SAVED_AT = Date.parse("2026-12-03T10:00:00.000Z");
const remote = (oauth?: false | { grant?: string }) => ({
  name: "docs",
  spec: { url: URL_OF_DOCS, ...(oauth !== undefined ? { oauth } : {}) },
});
const login = (tokens: McpAuthRecord["tokens"]): McpAuthRecord[] => {
  const store = createMemoryMcpAuthStore();
  store.write({ serverName: "docs", resource: new URL(URL_OF_DOCS).href, tokens, tokensSavedAt: SAVED_AT });
  return store.list();
};

describe("describeAuthState", () => {
  test("stdio, oauth false and client credentials servers need no login", () => {
    expect(describeAuthState({ name: "files", spec: { command: "node" } }, [])).toEqual({
      kind: "none",
      text: "-",
    });
    expect(describeAuthState(remote(false), [])).toEqual({ kind: "none", text: "no OAuth" });
    expect(describeAuthState(remote({ grant: "client_credentials" }), [])).toEqual({
      kind: "client_credentials",
      text: "client credentials",
    });
  });

  test("a remote server without stored tokens is not logged in, and tokens of another server do not count", () => {
    expect(describeAuthState(remote(), [])).toEqual({ kind: "not_logged_in", text: "not logged in" });
    const others = login({ access_token: "a", token_type: "Bearer" }).map((record) => ({
      ...record,
      serverName: "other",
    }));
    expect(describeAuthState(remote(), others).kind).toBe("not_logged_in");
  });

  test("stored tokens are a login with their scopes and expiry", () => {
    const records = login({ access_token: "a", token_type: "Bearer", scope: "read", expires_in: 3600 });
    expect(describeAuthState(remote(), records, SAVED_AT + 1000)).toEqual({
      kind: "logged_in",
      text: "logged in; scopes read",
      scope: "read",
      expiresAt: "2026-12-03T11:00:00.000Z",
    });
  });

  test("an expired login says whether it refreshes", () => {
    const later = SAVED_AT + 7_200_000;
    const refreshes = login({
      access_token: "a",
      token_type: "Bearer",
      expires_in: 3600,
      refresh_token: "r",
    });
    expect(describeAuthState(remote(), refreshes, later).text).toBe("logged in (token expired, refreshes)");
    const expired = login({ access_token: "a", token_type: "Bearer", expires_in: 3600 });
    expect(describeAuthState(remote(), expired, later).text).toBe("login expired");
  });
});
