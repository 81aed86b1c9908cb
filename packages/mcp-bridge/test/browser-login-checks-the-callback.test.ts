import { PassThrough } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { type BrowserLogin, startBrowserLogin } from "../src/start-browser-login.js";

const AUTHORIZATION_URL = new URL("https://auth.example/authorize?client_id=c1&state=state-1");

/** `true` stands in for the browser: it is started with the URL and exits; the test plays the redirect. */
const NO_BROWSER = { ...process.env, BROWSER: "true" };

describe("a browser login takes the code of its own redirect only", () => {
  const logins: BrowserLogin[] = [];
  afterEach(async () => {
    await Promise.all(logins.splice(0).map((login) => login.close()));
  });
  async function start(options: { paste?: PassThrough } = {}) {
    const written: string[] = [];
    const login = await startBrowserLogin({
      port: 0,
      env: NO_BROWSER,
      write: (text) => written.push(text),
      ...options,
    });
    logins.push(login);
    return { login, written };
  }

  it("the redirect with the URL's state gives the code and a page that says it is done", async () => {
    const { login, written } = await start();
    expect(login.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const code = login.authorize("linear", AUTHORIZATION_URL);
    const response = await fetch(`${login.redirectUri}?code=code-1&state=state-1`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Logged in");
    await expect(code).resolves.toEqual({ code: "code-1" });
    expect(written.join("")).toContain(`Log in to the MCP server "linear" at:\n  ${AUTHORIZATION_URL.href}`);
  });

  it("another state, an error answer, a missing code and other paths are refused", async () => {
    const { login } = await start();
    const refusals = [
      { query: "code=code-1&state=forged", message: "state mismatch" },
      {
        query: "error=access_denied&error_description=user%20said%20no&state=state-1",
        message: "the authorization server refused the login: access_denied (user said no)",
      },
      { query: "state=state-1", message: "carries no authorization code" },
    ];
    for (const { query, message } of refusals) {
      // The expectation is attached before the redirect arrives, so the rejection is never unhandled.
      const refused = expect(login.authorize("linear", AUTHORIZATION_URL)).rejects.toThrow(message);
      const response = await fetch(`${login.redirectUri}?${query}`);
      expect(response.status).toBe(400);
      await refused;
    }

    const elsewhere = await fetch(new URL("/other", login.redirectUri));
    expect(elsewhere.status).toBe(404);
  });

  it("paste mode reads the address the browser ended on and opens nothing", async () => {
    const paste = new PassThrough();
    const { login, written } = await start({ paste });
    const code = login.authorize("linear", AUTHORIZATION_URL);
    paste.write(`  ${login.redirectUri}?code=pasted-code&state=state-1&iss=https%3A%2F%2Fauth.example\n`);
    await expect(code).resolves.toEqual({ code: "pasted-code", iss: "https://auth.example" });
    expect(written.join("")).toContain("paste the address the browser ends on here");

    const second = new PassThrough();
    const other = await start({ paste: second });
    const refused = expect(other.login.authorize("linear", AUTHORIZATION_URL)).rejects.toThrow(
      "that is not the address the browser ended on",
    );
    second.write("not an address\n");
    await refused;
  });
});
