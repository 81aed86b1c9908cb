import { renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import { afterEach, describe, expect, test } from "vitest";
import { startMonoAgentApp } from "../../src/app/start-mono-agent-app.js";
import {
  contextServer,
  fauxModel,
  lastToolResult,
  makeAgentDir,
  readReport,
  stepAfter,
} from "../fixtures/mcp-env/context-kit.js";

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe("attachments of a run", () => {
  test("the server reads this run's attachment, not a swapped file, not the previous run's", async () => {
    const dir = makeAgentDir();
    const report = join(dir, "env.json");
    const { faux, customModels } = fauxModel();
    const app = await startMonoAgentApp({
      config: {
        runtime: { model: "faux:faux-1" },
        tools: {
          mcpRequestContextServers: ["ctx"],
          mcpServers: { ctx: contextServer([`--report=${report}`]) },
        },
      },
      cwd: dir,
      env: { PATH: process.env.PATH },
      customModels,
    });
    cleanups.push(() => app.close());
    const source = join(dir, "notes.txt");
    writeFileSync(source, "first notes");
    const seen: string[] = [];
    const readAll = (paths: string[] = []) =>
      fauxAssistantMessage(fauxToolCall("mcp__ctx__attachments", { paths }), { stopReason: "toolUse" });
    faux.setResponses([
      readAll(),
      stepAfter((context) => seen.push(lastToolResult(context)), fauxAssistantMessage("done")),
    ]);
    const first = await app.run({ input: "one", attachments: [{ path: source }] });
    expect(first.status).toBe("succeeded");
    const [firstPath] = JSON.parse(
      readReport(report).MONO_AGENT_MCP_ALLOWED_ATTACHMENT_PATHS ?? "[]",
    ) as string[];
    expect(seen[0]).toBe(`ok ${firstPath} first notes`);

    let secondPath = "";
    faux.setResponses([
      stepAfter(
        () => {
          [secondPath = ""] = JSON.parse(readReport(report).MONO_AGENT_MCP_ALLOWED_ATTACHMENT_PATHS ?? "[]");
        },
        readAll([firstPath ?? ""]),
      ),
      stepAfter((context) => {
        seen.push(lastToolResult(context));
        renameSync(secondPath, `${secondPath}.moved`);
        writeFileSync(secondPath, "impostor");
      }, readAll()),
      stepAfter((context) => seen.push(lastToolResult(context)), fauxAssistantMessage("done")),
    ]);
    const second = await app.run({
      input: "two",
      attachments: [{ name: "second.txt", data: new TextEncoder().encode("second notes") }],
    });
    expect(second.status).toBe("succeeded");
    expect(secondPath).not.toBe(firstPath);
    expect(seen[1]).toBe(`ok ${secondPath} second notes\nrejected ${firstPath} attachment_not_allowed`);
    expect(seen[2]).toBe(`rejected ${secondPath} attachment_not_allowed`);
  });
});
