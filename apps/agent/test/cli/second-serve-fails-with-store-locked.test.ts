import { spawnSync } from "node:child_process";
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeWebAgentFolder, type ServeProcess, startServe, TEST_WEB_TOKEN } from "../serve/serve-process.js";
import { CLI_BIN } from "./run-cli.js";

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let agentDir: string;
let first: ServeProcess;
const env = { MONO_AGENT_WEB_TOKEN: TEST_WEB_TOKEN };

beforeAll(async () => {
  agentDir = makeWebAgentFolder("http://127.0.0.1:9/v1", {
    runtime: { model: "demo:demo" },
    continuations: { port: await freePort() },
  });
  first = await startServe(agentDir, { env });
}, 90_000);

afterAll(async () => {
  await first?.stop();
});

const FIX = /store_locked: another mono-agent process owns the continuation store in \S+; stop it first/;

describe("one host per continuation store (docs/continuations.md)", () => {
  it("a second serve on the same agent folder fails at start with store_locked and the fix", async () => {
    const second = await startServe(agentDir, { env }).then(
      async (serve) => {
        await serve.stop();
        return "started";
      },
      (error: Error) => error.message,
    );
    expect(second).toMatch(/serve exited \(1\) before printing its URL/);
    expect(second).toMatch(FIX);
    expect(second).not.toMatch(/\n\s+at /);
  });

  it("a run while serve owns the store fails at start the same way, and serve keeps answering", async () => {
    const run = spawnSync(process.execPath, ["--", CLI_BIN, "run", "hi"], {
      cwd: agentDir,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", PI_OFFLINE: "1" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(FIX);
    const response = await fetch(`${first.origin}/api/threads`, {
      headers: { authorization: `Bearer ${TEST_WEB_TOKEN}` },
    });
    expect(response.status).toBe(200);
  });
});
