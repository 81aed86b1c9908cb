import { rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTree, runInSandbox } from "./run-in-sandbox.js";

let tree: ReturnType<typeof makeTree>;
let server: Server;
let port: number;

beforeAll(async () => {
  tree = makeTree();
  server = createServer((_request, response) => response.end("hello from the host\n"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(tree.root, { recursive: true, force: true });
});

/** bash's /dev/tcp (no proxy involved), then curl through whatever proxy the env names. */
const probe = () =>
  `(exec 3<>/dev/tcp/127.0.0.1/${port} && echo tcp-open) 2>/dev/null || echo tcp-refused; curl -sS -m 5 http://127.0.0.1:${port}/ 2>&1; curl -sS -m 5 http://localhost:${port}/ 2>&1; curl -sS -m 5 http://example.invalid/ 2>&1`;

describe("sandbox.network.mode", () => {
  it("none: the host's loopback services are unreachable", async () => {
    const run = await runInSandbox(tree.workspace, probe());
    expect(run.stdout).toMatch(/^tcp-refused\n/);
    expect(run.stdout).not.toContain("hello from the host");
  });

  it("localhost: the host's loopback services are reachable, nothing else", async () => {
    const run = await runInSandbox(tree.workspace, probe(), {
      policy: { network: { mode: "localhost", allowlist: [] } },
    });
    expect(run.stdout).toMatch(/^tcp-open\nhello from the host\nhello from the host\n/);
    expect(run.stdout).toMatch(/Could not resolve host: example\.invalid/);
  });

  it("allowlist: only listed hosts, through the proxy; loopback is not implicit", async () => {
    const run = await runInSandbox(tree.workspace, probe(), {
      policy: { network: { mode: "allowlist", allowlist: ["127.0.0.1"] } },
    });
    const lines = run.stdout.split("\n");
    expect(lines[0]).toBe("tcp-refused");
    expect(lines[1]).toBe("hello from the host");
    expect(run.stdout).toContain("mono-agent sandbox: localhost is not in sandbox.network.allowlist");
    expect(run.stdout).toContain("mono-agent sandbox: example.invalid is not in sandbox.network.allowlist");
    const https = await runInSandbox(tree.workspace, "curl -sS -m 5 https://api.example.com/ 2>&1", {
      policy: { network: { mode: "allowlist", allowlist: ["*.example.org"] } },
    });
    expect(https.stdout).toMatch(/CONNECT tunnel failed, response 403/);
  });

  it("all: the host network", async () => {
    const run = await runInSandbox(tree.workspace, probe(), {
      policy: { network: { mode: "all", allowlist: [] } },
    });
    expect(run.stdout).toMatch(/^tcp-open\nhello from the host\n/);
  });
});
