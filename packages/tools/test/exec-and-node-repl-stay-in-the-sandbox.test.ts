import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentTool } from "@earendil-works/pi-agent-core";
import { DEFAULT_SANDBOX_CONFIG } from "@mono-agent/config";
import { liveProcesses } from "@mono-agent/test-utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExecTool, createNodeReplSession, type NodeReplSession } from "../src/node/index.js";

const HOST_SECRET = "host-secret-value-31337";
let root: string;
let workspace: string;
let outside: string;
let confinement: Parameters<typeof createExecTool>[0];

beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), "exec-repl-")));
  workspace = join(root, "workspace");
  outside = join(root, "outside");
  mkdirSync(workspace);
  mkdirSync(outside);
  confinement = {
    workspaceDir: workspace,
    env: {
      PATH: process.env["PATH"] ?? "/usr/bin:/bin",
      HOME: join(root, "home"),
      MONO_AGENT_TEST_SECRET: HOST_SECRET,
    },
    sandbox: DEFAULT_SANDBOX_CONFIG,
  };
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

function textOf(result: Awaited<ReturnType<AgentTool["execute"]>>): string {
  const first = result.content[0];
  return first?.type === "text" ? first.text : "";
}

async function failure(promise: Promise<unknown>): Promise<string> {
  return await promise.then(
    () => "resolved",
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("Exec", () => {
  const exec = () => createExecTool(confinement) as unknown as AgentTool;

  it("runs argv without a shell in the workspace and cannot see the host env", async () => {
    const listed = textOf(await exec().execute("1", { argv: ["env"] }));
    expect(listed).toContain("PATH=");
    expect(listed).not.toContain(HOST_SECRET);
    expect(textOf(await exec().execute("2", { argv: ["echo", "$MONO_AGENT_TEST_SECRET", "*"] }))).toBe(
      "$MONO_AGENT_TEST_SECRET *\n",
    );
    await exec().execute("3", { argv: ["touch", "made-by-exec.txt"] });
    expect(existsSync(join(workspace, "made-by-exec.txt"))).toBe(true);
  });

  it("cannot write outside the writable roots, nor to denyWrite paths", async () => {
    const message = await failure(exec().execute("4", { argv: ["touch", join(outside, "escaped.txt")] }));
    expect(message).toMatch(/exited with code [1-9]/);
    expect(existsSync(join(outside, "escaped.txt"))).toBe(false);
    const dotEnv = await failure(exec().execute("5", { argv: ["sh", "-c", "echo X=1 > .env"] }));
    expect(dotEnv).toMatch(/exited with code [1-9]/);
    expect(existsSync(join(workspace, ".env"))).toBe(false);
  });

  it("refuses bad argv with the accepted form, and a cwd outside the roots", async () => {
    expect(await failure(exec().execute("6", { argv: [] }))).toContain("non-empty array of strings");
    expect(await failure(exec().execute("7", { argv: ["ls"], cwd: "../outside" }))).toContain(
      "sandbox_prepare_failed",
    );
  });

  it("times out and, when the run is aborted, leaves no process", async () => {
    const timedOut = await failure(exec().execute("8", { argv: ["sleep", "30"], timeoutSec: 0.3 }));
    expect(timedOut).toContain("timed out after 0.3 seconds");
    const controller = new AbortController();
    const pending = failure(
      exec().execute("9", { argv: ["sh", "-c", "echo $$ > pid.txt; exec sleep 30"] }, controller.signal),
    );
    const deadline = Date.now() + 10_000;
    while (
      !existsSync(join(workspace, "pid.txt")) ||
      readFileSync(join(workspace, "pid.txt"), "utf8") === ""
    ) {
      if (Date.now() > deadline) throw new Error("the command never started");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    controller.abort();
    expect(await pending).toContain("aborted");
    expect(liveProcesses((argv) => argv.join(" ") === "sleep 30")).toEqual([]);
  });
});

describe("NodeRepl", () => {
  let session: NodeReplSession;
  beforeAll(() => {
    session = createNodeReplSession(confinement);
  });
  afterAll(() => session.close());

  it("keeps a variable to the next call, with output and top-level await", async () => {
    await session.tool.execute("1", { code: "let counter = 41; function bump() { return ++counter; }" });
    const second = textOf(await session.tool.execute("2", { code: "console.log('before'); bump()" }));
    expect(second).toBe("before\n42");
    expect(textOf(await session.tool.execute("3", { code: "await Promise.resolve(counter * 2)" }))).toBe(
      "84",
    );
  });

  it("reports a thrown error as an error result and keeps its state", async () => {
    expect(await failure(session.tool.execute("4", { code: "throw new Error('boom')" }))).toContain("boom");
    expect(textOf(await session.tool.execute("5", { code: "counter" }))).toBe("42");
  });

  it("cannot read the host env or write outside the writable roots", async () => {
    expect(
      textOf(await session.tool.execute("6", { code: "String(process.env.MONO_AGENT_TEST_SECRET)" })),
    ).toBe("'undefined'");
    const write = await failure(
      session.tool.execute("7", {
        code: `(await import("node:fs")).writeFileSync(${JSON.stringify(join(outside, "repl.txt"))}, "x")`,
      }),
    );
    expect(write).toMatch(/ENOENT|EROFS|EACCES/);
    expect(existsSync(join(outside, "repl.txt"))).toBe(false);
    await session.tool.execute("8", {
      code: `(await import("node:fs")).writeFileSync("repl-made.txt", "ok")`,
    });
    expect(readFileSync(join(workspace, "repl-made.txt"), "utf8")).toBe("ok");
  });

  it("bounds a call's output", async () => {
    const text = textOf(await session.tool.execute("9", { code: "console.log('y'.repeat(200000))" }));
    expect(text.length).toBeLessThan(60 * 1024);
    expect(text).toContain("bytes of output omitted");
  });

  it("ends with the run: no process left, and later calls are refused", async () => {
    const pid = Number(textOf(await session.tool.execute("10", { code: "process.pid" })));
    expect(pid).toBeGreaterThan(0);
    const hostPids = liveProcesses((argv) => argv.join(" ") === "node --input-type=module");
    await session.close();
    expect(liveProcesses((argv) => argv.join(" ") === "node --input-type=module")).toEqual([]);
    for (const hostPid of hostPids) expect(isAlive(hostPid)).toBe(false);
    expect(await failure(session.tool.execute("11", { code: "1" }))).toContain("closed");
  });
});
