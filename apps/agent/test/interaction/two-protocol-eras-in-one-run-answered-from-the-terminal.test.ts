import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { fileURLToPath } from "node:url";
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import { createFauxModel } from "@mono-agent/test-utils/faux";
import { createTerminalAskChannel } from "@mono-agent/interaction/node";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { startMonoAgentApp } from "../../src/app/start-mono-agent-app.js";
import { type ModernHttpServer, startModernHttpServer } from "../fixtures/mcp/modern-http-server.mjs";

/** The v1-SDK example server (2025-11-25 only), run over stdio from its build. */
const EXAMPLE_SERVER = fileURLToPath(
  new URL("../../../../packages/example-server/dist/index.js", import.meta.url),
);

type Faux = ReturnType<typeof createFauxModel>;
let faux: Faux;
let dir: string;
let modern: ModernHttpServer;
beforeEach(async () => {
  faux = createFauxModel();
  dir = mkdtempSync(join(tmpdir(), "two-eras-"));
  modern = await startModernHttpServer();
});
afterEach(async () => {
  await modern.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A terminal whose person types `lines`, one per prompt the channel writes. */
function terminalTyping(lines: string[]) {
  const input = Object.assign(new PassThrough(), { isTTY: true });
  const output = new PassThrough();
  let shown = "";
  output.on("data", (chunk: Buffer) => {
    shown += chunk.toString("utf8");
    // Every prompt of the channel ends with ": " and waits for one line.
    if (shown.endsWith(": ") && lines.length > 0) input.write(`${lines.shift()}\n`);
  });
  return { input, output, shown: () => shown };
}

describe("one run, two servers in two protocol eras", () => {
  test("a 2026-07-28-only v2-SDK server (stateless HTTP) elicits through MRTR, answered on the terminal; a 2025-11-25 v1-SDK server answers too", async () => {
    const app = await startMonoAgentApp({
      config: {
        runtime: { model: "faux:test" },
        tools: {
          mcpServers: {
            modern: { url: modern.url },
            example: {
              command: process.execPath,
              args: [
                "--input-type=module",
                "-e",
                `import(${JSON.stringify(EXAMPLE_SERVER)}).then((m) => m.runExampleServer(process.cwd()))`,
              ],
            },
          },
          mcpStartupGraceMs: 60_000,
        },
      },
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
    const terminal = terminalTyping(["Ada", "41", "y"]);
    app.interaction.addChannel(
      createTerminalAskChannel({
        input: terminal.input,
        output: terminal.output,
        answer: (askId, answer, by) => app.interaction.broker.answer(askId, answer, by),
        cancel: (askId) => void app.interaction.broker.cancel(askId, "channel_failed"),
      }),
    );
    const results: string[] = [];
    const lastResult = (context: { messages: readonly { role: string; content?: unknown }[] }) => {
      const last = context.messages.at(-1);
      results.push(last?.role === "toolResult" ? JSON.stringify(last.content) : "");
    };
    faux.setResponses([
      fauxAssistantMessage([fauxToolCall("mcp__modern__register", {})], { stopReason: "toolUse" }),
      (context) => {
        lastResult(context);
        return fauxAssistantMessage([fauxToolCall("mcp__example__calculate", { expression: "6 * 7" })], {
          stopReason: "toolUse",
        });
      },
      (context) => {
        lastResult(context);
        return fauxAssistantMessage("done");
      },
    ]);
    try {
      await app.run({
        input: "register me, then compute",
        conversationId: "cli:1",
        startedBy: { channel: "cli" },
      });
    } finally {
      await app.close();
    }
    expect(terminal.shown()).toContain("modern asks: Who should be registered?");
    expect(results[0]).toContain('elicitation accept: {\\"name\\":\\"Ada\\",\\"age\\":41}');
    expect(results[1]).toContain("42");
    expect(modern.methods).toContain("server/discover");
    expect(modern.methods).not.toContain("initialize");
  });
});
