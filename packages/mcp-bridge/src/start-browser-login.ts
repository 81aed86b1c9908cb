import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createInterface } from "node:readline";
import type { McpAuthorizationResponse } from "./check-authorization-issuer.js";
import type { McpBrowserLogin } from "./create-remote-auth-fetch.js";

/**
 * How long a login waits for the browser to come back to the callback (or for a pasted URL): 5 minutes,
 * time to sign in and consent without leaving a listener open for long.
 */
export const LOGIN_WAIT_MS = 300_000;

/** Options of {@link startBrowserLogin}. */
export interface BrowserLoginOptions {
  /** Loopback port of the callback; 0 picks a free one. */
  port: number;
  /** Where the authorization URL and the instructions are written (stderr). */
  write: (text: string) => void;
  /** The host env: `BROWSER` names the command that opens a URL (else xdg-open / open). */
  env: Readonly<Record<string, string | undefined>>;
  /** Paste-back for a machine without a browser: print the URL, read the redirected URL from `input`. */
  paste?: NodeJS.ReadableStream;
}

/** A running login: the bridge's {@link McpBrowserLogin} and how to stop its callback listener. */
export interface BrowserLogin extends McpBrowserLogin {
  close(): Promise<void>;
}

/**
 * Starts the loopback callback of an OAuth login on 127.0.0.1 (RFC 8252 §7.3): `authorize` opens the
 * authorization URL in a browser (`BROWSER`, else xdg-open or open) and waits for the redirect to
 * `/callback`; its `state` must match the URL's, and an `error` from the authorization server ends the
 * login with its description. In paste mode nothing is opened: the person copies the URL into a
 * browser anywhere and pastes back the address it ended on.
 */
export async function startBrowserLogin(options: BrowserLoginOptions): Promise<BrowserLogin> {
  let waiting:
    | {
        state: string | null;
        resolve: (response: McpAuthorizationResponse) => void;
        reject: (error: Error) => void;
      }
    | undefined;
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/callback" || waiting === undefined) {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    const outcome = readCallback(url, waiting.state);
    response
      .writeHead(outcome.response ? 200 : 400, { "content-type": "text/plain; charset=utf-8" })
      .end(outcome.response ? "Logged in. You can close this tab and return to mono-agent." : outcome.error);
    if (outcome.response) waiting.resolve(outcome.response);
    else waiting.reject(new Error(outcome.error));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const redirectUri = `http://127.0.0.1:${port}/callback`;
  return {
    redirectUri,
    authorize: (serverName, authorizationUrl) =>
      new Promise<McpAuthorizationResponse>((resolve, reject) => {
        const timer = setTimeout(
          () =>
            finish(
              new Error(`no answer from the browser within ${LOGIN_WAIT_MS / 1000} s; run the login again`),
            ),
          LOGIN_WAIT_MS,
        );
        const finish = (result: McpAuthorizationResponse | Error) => {
          clearTimeout(timer);
          waiting = undefined;
          if (result instanceof Error) reject(result);
          else resolve(result);
        };
        const state = authorizationUrl.searchParams.get("state");
        waiting = { state, resolve: finish, reject: finish };
        options.write(`Log in to the MCP server "${serverName}" at:\n  ${authorizationUrl.href}\n`);
        if (options.paste) {
          options.write("Open it in a browser, then paste the address the browser ends on here:\n");
          readLine(options.paste).then((line) => {
            const pasted = safeUrl(line.trim());
            const outcome = pasted
              ? readCallback(pasted, state)
              : { error: "that is not the address the browser ended on" };
            finish(outcome.response ?? new Error(outcome.error));
          }, finish);
        } else openBrowser(authorizationUrl.href, options.env, options.write);
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The authorization response of a callback URL, or why it is not one of this login. */
function readCallback(
  url: URL,
  expectedState: string | null,
): { response?: McpAuthorizationResponse; error: string } {
  const error = url.searchParams.get("error");
  if (error) {
    const description = url.searchParams.get("error_description");
    return {
      error: `the authorization server refused the login: ${error}${description ? ` (${description})` : ""}`,
    };
  }
  if (url.searchParams.get("state") !== expectedState)
    return { error: "the login answer does not belong to this login (state mismatch); run the login again" };
  const code = url.searchParams.get("code");
  if (!code) return { error: "the login answer carries no authorization code" };
  const iss = url.searchParams.get("iss");
  return { response: { code, ...(iss === null ? {} : { iss }) }, error: "" };
}

function safeUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

function readLine(input: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input });
    lines.once("line", (line) => {
      // Settled before close(): closing emits "close" at once, which would otherwise win.
      resolve(line);
      lines.close();
    });
    lines.once("close", () => reject(new Error("no address was pasted")));
  });
}

function openBrowser(
  url: string,
  env: Readonly<Record<string, string | undefined>>,
  write: (text: string) => void,
) {
  const command = env["BROWSER"] || (process.platform === "darwin" ? "open" : "xdg-open");
  const child = spawn(command, [url], {
    stdio: "ignore",
    detached: true,
    env: { ...env } as NodeJS.ProcessEnv,
  });
  child.on("error", () =>
    write(`Could not start ${command}; open the address above in a browser yourself.\n`),
  );
  child.unref();
}
