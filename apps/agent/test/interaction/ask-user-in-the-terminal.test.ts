import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI_BIN } from "../cli/run-cli.js";
import { runCliAsync } from "../cli/run-cli-async.js";
import { type ScriptedModelServer, startScriptedModelServer } from "../serve/scripted-model-server.js";
import { makeWebAgentFolder } from "../serve/serve-process.js";

/** Longest a pseudo-terminal run may take on a loaded 2-core machine. */
const PTY_RUN_TIMEOUT_MS = 60_000;

const ASK = JSON.stringify({
  questions: [
    {
      header: "Color",
      question: "Which colors?",
      options: [{ label: "Red" }, { label: "Blue" }, { label: "Green" }],
      multiSelect: true,
    },
    { header: "Size", question: "Which size?", options: [{ label: "S" }, { label: "L" }] },
  ],
}).replaceAll("}]", "} ]"); // the scripted model's directive ends at the first "}]"

/** Runs the CLI under `script` (util-linux), so its stdin is a pseudo-terminal; `answers` are typed as prompts appear. */
function runInPty(cwd: string, args: string[], answers: { after: string; type: string }[]) {
  const quoted = [process.execPath, CLI_BIN, ...args]
    .map((part) => `'${part.replaceAll("'", "'\\''")}'`)
    .join(" ");
  const child = spawn("script", ["-qfec", quoted, "/dev/null"], {
    cwd,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", TERM: "dumb" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let output = "";
  let next = 0;
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
    const answer = answers[next];
    if (answer && output.includes(answer.after)) {
      next += 1;
      child.stdin.write(answer.type);
    }
  });
  return new Promise<{ exitCode: number | null; output: string }>((resolve) =>
    child.on("close", (exitCode) => resolve({ exitCode, output })),
  );
}

describe("AskUser at the terminal", () => {
  let model: ScriptedModelServer;
  let agentDir: string;
  beforeAll(async () => {
    model = await startScriptedModelServer();
    agentDir = makeWebAgentFolder(model.baseUrl);
  });
  afterAll(async () => {
    await model.close();
    rmSync(agentDir, { recursive: true, force: true });
  });

  const toolResultOf = (requestIndex: number) =>
    JSON.stringify(
      model.requests[requestIndex]?.messages.filter((m) => (m as { role: string }).role === "tool"),
    );

  it(
    "is answered by typing when stdin is a TTY: two questions, one multi-select; the model receives the answers",
    async () => {
      const before = model.requests.length;
      const run = await runInPty(
        agentDir,
        ["run", `[call: AskUser ${ASK}] [say: thanks]`],
        [
          { after: "Which colors?", type: "1,3\r" },
          { after: "Which size?", type: "something medium\r" },
        ],
      );
      expect(run.output).toContain("thanks");
      expect(run.exitCode).toBe(0);
      expect(model.requests[before]?.toolNames).toContain("mcp__mono-agent-adapter-send__AskUser");
      const result = toolResultOf(before + 1);
      expect(result).toContain("Color: Red, Green");
      expect(result).toContain('Size: \\"something medium\\"');
    },
    PTY_RUN_TIMEOUT_MS,
  );

  it(
    "is not offered without a TTY: no one could answer, so the model never sees the tool",
    async () => {
      const before = model.requests.length;
      const run = await runCliAsync(["run", "[say: went on]"], { cwd: agentDir });
      expect(run.exitCode).toBe(0);
      expect(model.requests[before]?.toolNames).not.toContain("mcp__mono-agent-adapter-send__AskUser");
      expect(model.requests[before]?.toolNames).toContain("Read");
    },
    PTY_RUN_TIMEOUT_MS,
  );
});
