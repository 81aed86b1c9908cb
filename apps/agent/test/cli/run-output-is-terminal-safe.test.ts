import { afterEach, describe, expect, test } from "vitest";
import {
  type OpenAICompatibleServer,
  startOpenAICompatibleServer,
} from "../fixtures/openai-compatible/openai-compatible-server.js";
import { makeWebAgentFolder } from "../serve/serve-process.js";
import { runCliAsync } from "./run-cli.js";

/** Model text that would rewrite the terminal: colours, an erase, an OSC 8 link, a title, a bare CR, RLO, C1 CSI. */
const HOSTILE_TEXT =
  "\u001b[31mred\u001b[0m \u001b[2Kerased \u001b]8;;https://evil.test\u001b\\link\u001b]8;;\u001b\\ \u001b]0;title\u0007 ok\rFAKE \u202Edesrever\u202C \u009b1mbold";
/** A tool argument with the same kind of payload: it shows up in the tool line and the error preview. */
const HOSTILE_PATH = "\u001b]8;;https://evil.test\u0007missing\u001b]8;;\u0007\u202E.txt";

let model: OpenAICompatibleServer | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

function agentFolder(baseUrl: string): string {
  return makeWebAgentFolder(baseUrl, { tools: { allowedTools: ["Read"] } });
}

const runCli = (args: string[], cwd: string) =>
  runCliAsync(args, { cwd }).then((result) => ({ code: result.exitCode, ...result }));

const script = () => [
  { toolCall: { id: "call_1", name: "Read", arguments: JSON.stringify({ path: HOSTILE_PATH }) } },
  { text: HOSTILE_TEXT },
];

/** Everything a terminal acts on: ESC, other C0 but TAB/LF, DEL, C1, a CR not before LF, bidi controls. */
const TERMINAL_CONTROL =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/;

describe("mono-agent run prints no terminal control sequences", () => {
  test("model text, the tool line and the tool's error are stripped; the words stay", async () => {
    model = await startOpenAICompatibleServer(script());
    const dir = agentFolder(model.baseUrl);
    const result = await runCli(["run", "say something"], dir);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).not.toMatch(TERMINAL_CONTROL);
    expect(result.stderr).not.toMatch(TERMINAL_CONTROL);
    expect(result.stdout).toContain("red erased link  okFAKE desrever bold");
    expect(result.stdout).toContain("✗ error Read");
    expect(result.stdout).toContain("missing.txt");
    // The recorded run, shown again by `runs show --events`, is just as safe.
    const listed = JSON.parse((await runCli(["runs", "list", "--json"], dir)).stdout) as {
      runs: { runId: string }[];
    };
    const shown = await runCli(["runs", "show", listed.runs[0]!.runId, "--events"], dir);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain("desrever");
    expect(shown.stdout).not.toMatch(TERMINAL_CONTROL);
  });

  test("--json keeps the text (escaped) and prints no raw C1 or bidi character", async () => {
    model = await startOpenAICompatibleServer(script());
    const result = await runCli(["run", "--json", "say something"], agentFolder(model.baseUrl));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).not.toMatch(TERMINAL_CONTROL);
    const text = result.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { type: string; text?: string })
      .flatMap((event) => (event.type === "text_delta" ? [event.text] : []))
      .join("");
    expect(text).toBe(HOSTILE_TEXT);
  });
});
