import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import { createFauxModel, type FauxModel } from "@mono-agent/test-utils/faux";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startMonoAgentApp } from "../../src/app/start-mono-agent-app.js";

let loopback: Server;
let port: number;
let faux: FauxModel;
const dirs: string[] = [];

beforeAll(async () => {
  faux = createFauxModel();
  loopback = createServer((_request, response) => response.end("reached\n"));
  await new Promise<void>((resolve) => loopback.listen(0, "127.0.0.1", resolve));
  port = (loopback.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => loopback.close(resolve));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function bashRun(config: Record<string, unknown>, request: Record<string, unknown> = {}) {
  const cwd = realpathSync(mkdtempSync(join(tmpdir(), "sandbox-request-")));
  dirs.push(cwd);
  const app = await startMonoAgentApp({
    config: { runtime: { model: "faux:test" }, ...config },
    cwd,
    env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: cwd },
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
  let result = "";
  faux.setResponses([
    fauxAssistantMessage(
      [fauxToolCall("Bash", { command: `curl -sS -m 5 http://127.0.0.1:${port}/ 2>&1` })],
      {
        stopReason: "toolUse",
      },
    ),
    (context) => {
      const last = context.messages.at(-1);
      result =
        last?.role === "toolResult"
          ? last.content.map((part) => ("text" in part ? part.text : "")).join("")
          : "";
      return fauxAssistantMessage("done");
    },
  ]);
  const run = await app.run({ input: "fetch it", ...request });
  await app.close();
  return { run, result };
}

describe("a run request's sandbox", () => {
  test("narrows the config (localhost -> none) and can never widen it (none stays none)", async () => {
    const open = await bashRun({ sandbox: { network: { mode: "localhost" } } });
    expect(open.result).toContain("reached");
    const narrowed = await bashRun(
      { sandbox: { network: { mode: "localhost" } } },
      { sandbox: { network: { mode: "none" } } },
    );
    expect(narrowed.result).toMatch(/Couldn't connect|Failed to connect/);
    const widened = await bashRun({}, { sandbox: { network: { mode: "all" }, mode: "off" } });
    expect(widened.result).toMatch(/Couldn't connect|Failed to connect/);
    expect(widened.run.warnings.map((warning) => warning.kind)).not.toContain("sandbox_off");
  });

  test('sandbox.mode "off" warns at the start of every run that offers Bash, and says what is unconfined', async () => {
    const { run } = await bashRun({ sandbox: { mode: "off" } });
    const warning = run.warnings.find((entry) => entry.kind === "sandbox_off");
    expect(warning?.message).toContain("Bash runs unconfined on the host");
    const withheld = await bashRun({
      sandbox: { mode: "off" },
      tools: { disallowedTools: ["Bash", "Exec", "NodeRepl"] },
    });
    expect(withheld.run.warnings.map((entry) => entry.kind)).not.toContain("sandbox_off");
  });
});
