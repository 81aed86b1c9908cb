import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import { createFauxModel } from "@mono-agent/test-utils/faux";
import type { AskChannel, AskRecord } from "@mono-agent/interaction";
import { ToolPolicyError } from "@mono-agent/policy";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { type MonoAgentApp, startMonoAgentApp } from "../../src/app/start-mono-agent-app.js";
import { runCli } from "../cli/run-cli.js";

type Faux = ReturnType<typeof createFauxModel>;
let faux: Faux;
let dir: string;
beforeEach(() => {
  faux = createFauxModel();
  dir = mkdtempSync(join(tmpdir(), "approval-classes-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function appFor(approval: Record<string, unknown>) {
  return startMonoAgentApp({
    config: { runtime: { model: "faux:test" }, tools: { approval: { mode: "rules", ...approval } } },
    cwd: dir,
    env: { PATH: process.env.PATH ?? "" },
    customModels: {
      "faux:test": {
        model: faux.getModel(),
        streamFn: faux.streamFn,
        getApiKey: () => "x",
        label: "faux:test",
        isDemo: false,
      },
    },
  });
}

/** A channel for `test:` conversations that denies every approval and records what it was shown. */
function denyingChannel(app: MonoAgentApp): AskChannel & { seen: AskRecord[] } {
  const seen: AskRecord[] = [];
  return {
    id: "test",
    seen,
    canAnswer: () => true,
    present(ask) {
      seen.push(ask);
      if (ask.prompt.kind === "approval")
        app.interaction.broker.answer(
          ask.askId,
          { kind: "approval", decision: "deny", scope: "once" },
          { channel: "test", userId: "reviewer" },
        );
    },
    update: () => {},
    cancel: () => {},
  };
}

/** Runs one model turn calling `calls` (all at once), every approval denied; returns the tools asked for. */
async function callsUnderApproval(
  approval: Record<string, unknown>,
  calls: ReturnType<typeof fauxToolCall>[],
) {
  const app = await appFor(approval);
  const channel = denyingChannel(app);
  app.interaction.addChannel(channel);
  faux.setResponses([
    () => fauxAssistantMessage(calls, { stopReason: "toolUse" }),
    () => fauxAssistantMessage("done"),
  ]);
  await app.run({
    input: "go",
    conversationId: "test:1",
    startedBy: { channel: "test", userId: "reviewer" },
  });
  const asked = app.interaction.store.listApprovals(10).map((record) => record.toolName);
  await app.close();
  return { asked: asked.sort(), seen: channel.seen.length };
}

describe("an approval for one way to a capability covers every way to it", () => {
  test('require ["Bash"]: Exec and NodeRepl running the same command ask too, and nothing runs when denied', async () => {
    const { asked } = await callsUnderApproval({ require: ["Bash"] }, [
      fauxToolCall("Exec", { argv: ["bash", "-c", "touch by-exec"] }),
      fauxToolCall("NodeRepl", { code: "require('node:child_process').execSync('touch by-node-repl')" }),
      fauxToolCall("Bash", { command: "touch by-bash" }),
    ]);
    expect(asked).toEqual(["Bash", "Exec", "NodeRepl"]);
    for (const marker of ["by-exec", "by-node-repl", "by-bash"])
      expect(existsSync(join(dir, marker))).toBe(false);
  });

  test('require ["Write"]: Edit asks too', async () => {
    writeFileSync(join(dir, "notes.md"), "hello\n");
    const { asked } = await callsUnderApproval({ require: ["Write"] }, [
      fauxToolCall("Edit", { path: "notes.md", edits: [{ oldText: "hello", newText: "bye" }] }),
    ]);
    expect(asked).toEqual(["Edit"]);
  });

  test('a mis-cased "write" refuses to start the app, naming the fix', async () => {
    const error = await appFor({ require: ["Bash", "write"] }).catch((caught: unknown) => caught);
    expect(ToolPolicyError.isInstance(error)).toBe(true);
    expect((error as ToolPolicyError).code).toBe("invalid_approval_rule");
    expect((error as Error).message).toContain('"write" in tools.approval.require names no tool');
    expect((error as Error).message).toContain('did you mean "Write"?');
  });
});

describe("mono-agent validate checks approval rules", () => {
  test("a mis-cased rule is an error with a did-you-mean; the ways that stay open are named", () => {
    writeFileSync(
      join(dir, "mono-agent.config.json"),
      JSON.stringify({
        runtime: { model: "demo:demo" },
        tools: { approval: { mode: "rules", require: ["Bash", "write"], exempt: ["NodeRepl"] } },
      }),
    );
    const result = runCli(["validate"], { cwd: dir });
    expect(result.exitCode).not.toBe(0);
    expect(result.stdout).toMatch(
      /\[error\] Interaction[\s\S]*error "write" in tools\.approval\.require names no tool \(names are case-sensitive\); did you mean "Write"\?/,
    );
    expect(result.stdout).toContain('fix: write "Write"');
    expect(result.stdout).toContain("Exec asks too (run-code: Bash, Exec, NodeRepl)");
    expect(result.stdout).toContain(
      "Bash and Exec ask before they run any program, but NodeRepl (in tools.approval.exempt) can run any program without approval.",
    );
  });
});
