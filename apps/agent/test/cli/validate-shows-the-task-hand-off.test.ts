import { describe, expect, test } from "vitest";
import { makeAgentFolder } from "./agent-folder.js";
import { runCli } from "./run-cli.js";

function continuationsMessages(config: Record<string, unknown>): string[] {
  const result = runCli(["validate", "--json"], { cwd: makeAgentFolder(config) });
  const report = JSON.parse(result.stdout) as {
    sections: { id: string; lines: { message: string }[] }[];
  };
  return (
    report.sections.find((entry) => entry.id === "continuations")?.lines.map((line) => line.message) ?? []
  );
}

const jobs = { command: process.execPath, args: ["server.mjs"] };

describe("validate and the MCP task hand-off", () => {
  test("names the servers whose tasks continue after the run and the wait, or says they are not handed off", () => {
    const on = continuationsMessages({
      runtime: { model: "demo:demo" },
      tools: { continuationServers: ["jobs"], mcpTaskHandoffAfterMs: 5_000, mcpServers: { jobs } },
    });
    expect(on).toContain(
      "MCP task hand-off: a task of jobs (tools.continuationServers) still working after 5000 ms (tools.mcpTaskHandoffAfterMs) continues after its run and is delivered into the conversation; tasks of other servers are cancelled when their call ends.",
    );
    const off = continuationsMessages({
      runtime: { model: "demo:demo" },
      continuations: { enabled: false },
      tools: { continuationServers: ["jobs"], mcpServers: { jobs } },
    });
    expect(off.join("\n")).toContain("their MCP tasks are not handed off");
  });
});
