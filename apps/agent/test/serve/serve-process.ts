import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The built CLI, run as users run it. */
const CLI_BIN = fileURLToPath(new URL("../../bin/mono-agent.js", import.meta.url));

/** A fixed operator token for the tests (the env variable path of `mono-agent serve`). */
export const TEST_WEB_TOKEN = "test-operator-token-0123456789abcdef";

/** An agent folder whose model is the scripted loopback server, with no MCP servers declared. */
export function makeWebAgentFolder(baseUrl: string, extraConfig: Record<string, unknown> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), "mono-agent-web-"));
  writeFileSync(
    join(dir, "mono-agent.config.json"),
    JSON.stringify({
      runtime: { model: "fixture:scripted" },
      models: {
        providers: {
          fixture: {
            baseUrl,
            compat: { supportsDeveloperRole: false, supportsStore: false, maxTokensField: "max_tokens" },
          },
        },
      },
      ...extraConfig,
    }),
  );
  return dir;
}

/** A running `mono-agent serve` child process. */
export interface ServeProcess {
  child: ChildProcess;
  /** The URL printed on the start-up line, token included. */
  url: string;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  stdout(): string;
  stderr(): string;
  stop(): Promise<number | null>;
}

/** Spawns `mono-agent serve --port 0` in `agentDir` and waits for its start-up line. */
export async function startServe(
  agentDir: string,
  options: { args?: string[]; env?: Record<string, string> } = {},
): Promise<ServeProcess> {
  const child = spawn(process.execPath, [CLI_BIN, "serve", "--port", "0", ...(options.args ?? [])], {
    cwd: agentDir,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", PI_OFFLINE: "1", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    out += chunk.toString("utf8");
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    err += chunk.toString("utf8");
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const match = /open (http:\/\/\S+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on("data", check);
    void exited.then((code) =>
      reject(new Error(`serve exited (${code}) before printing its URL:\n${out}\n${err}`)),
    );
  });
  return {
    child,
    url,
    origin: new URL(url).origin,
    stdout: () => out,
    stderr: () => err,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}
