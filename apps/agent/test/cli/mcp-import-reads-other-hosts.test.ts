import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import { createFauxModel } from "@mono-agent/test-utils/faux";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startMonoAgentApp } from "../../src/app/start-mono-agent-app.js";
import { runCliAsync } from "./run-cli-async.js";

/** The published servers' bins (devDependencies): these tests never fetch a package. */
const BIN_DIR = fileURLToPath(new URL("../../node_modules/.bin", import.meta.url));
/** `${...}` placeholders written without template-looking literals. */
const v = (body: string) => `$${"{"}${body}}`;
const TOKEN = "everything-token-never-in-a-file";

let everything: ChildProcess;
let everythingUrl: string;
let home: string;
const PATH = `${BIN_DIR}${delimiter}${process.env.PATH ?? ""}`;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  everything = spawn(join(BIN_DIR, "mcp-server-everything"), ["streamableHttp"], {
    env: { PATH, PORT: String(port) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  await new Promise<void>((resolve, reject) => {
    let stderr = "";
    everything.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
      if (stderr.includes("listening on port")) resolve();
    });
    everything.on("exit", () => reject(new Error(`server-everything exited: ${stderr}`)));
  });
  everythingUrl = `http://127.0.0.1:${port}/mcp`;
  home = mkdtempSync(join(tmpdir(), "mcp-import-home-"));
}, 60_000);

afterAll(() => {
  everything.kill();
});

/** A project folder that is also the agent folder: config only, mcp.json comes from the import. */
function agentFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), "mcp-import-"));
  writeFileSync(
    join(dir, "mono-agent.config.json"),
    JSON.stringify({ runtime: { model: "demo:demo" }, tools: { mcpConfigPath: "./mcp.json" } }),
  );
  return dir;
}

function write(file: string, value: unknown): string {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
  return file;
}

/** The env of validate and the run: what the user exported for the imported references. */
function userEnv(dir: string): Record<string, string> {
  return {
    PATH,
    HOME: home,
    EVERYTHING_TOKEN: TOKEN,
    MEMORY_FILE: join(dir, "graph.jsonl"),
    PROJECT_DIR: dir,
  };
}

/** Calls one tool of each imported server through a real run, with pi-ai's faux model. */
async function runCallingEachServer(dir: string, env: Record<string, string>) {
  const faux = createFauxModel();
  try {
    const app = await startMonoAgentApp({
      configPath: join(dir, "mono-agent.config.json"),
      cwd: dir,
      env,
      customModels: {
        "demo:demo": {
          model: faux.getModel(),
          streamFn: faux.streamFn,
          getApiKey: () => "x",
          label: "faux",
          isDemo: false,
        },
      },
    });
    const results: Record<string, { text: string; isError: boolean }> = {};
    faux.setResponses([
      fauxAssistantMessage(
        [
          fauxToolCall("mcp__files__list_allowed_directories", {}),
          fauxToolCall("mcp__memory__create_entities", {
            entities: [{ name: "mono-agent", entityType: "project", observations: ["imported"] }],
          }),
          fauxToolCall("mcp__everything__echo", { message: "hello from the import test" }),
        ],
        { stopReason: "toolUse" },
      ),
      (context) => {
        for (const message of context.messages)
          if (message.role === "toolResult")
            results[message.toolName] = { text: JSON.stringify(message.content), isError: message.isError };
        return fauxAssistantMessage("done");
      },
    ]);
    const result = await app.run({ input: "use every server" });
    await app.close();
    return { result, results };
  } finally {
  }
}

interface ImportReport {
  ok: boolean;
  output: string;
  servers: string[];
  notes: { server?: string; kind: string; message: string }[];
}

async function importAndCheck(
  dir: string,
  args: string[],
  env: Record<string, string> = { PATH, HOME: home },
) {
  const imported = await runCliAsync(["mcp", "import", ...args, "--json"], { cwd: dir, env });
  expect(imported.exitCode, imported.stderr).toBe(0);
  const report = JSON.parse(imported.stdout) as ImportReport;
  const written = JSON.parse(readFileSync(join(dir, "mcp.json"), "utf8")) as {
    mcpServers: Record<string, Record<string, unknown>>;
  };
  expect(JSON.stringify(written)).not.toContain(TOKEN);
  const validate = await runCliAsync(["validate", "--json"], { cwd: dir, env: userEnv(dir) });
  const tools = (
    JSON.parse(validate.stdout) as { sections: { id: string; lines: { code?: string; message: string }[] }[] }
  ).sections.find((section) => section.id === "tools")!;
  expect(
    tools.lines.filter((line) => line.code !== undefined),
    validate.stdout,
  ).toEqual([]);
  expect(validate.exitCode).toBe(0);
  const run = await runCallingEachServer(dir, userEnv(dir));
  expect(run.result.status).toBe("succeeded");
  for (const name of [
    "mcp__files__list_allowed_directories",
    "mcp__memory__create_entities",
    "mcp__everything__echo",
  ])
    expect(run.results[name]?.isError, `${name}: ${run.results[name]?.text}`).toBe(false);
  expect(run.results["mcp__everything__echo"]?.text).toContain("Echo: hello from the import test");
  return { report, written: written.mcpServers, run };
}

describe("mcp import: files written the way each host writes them", () => {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the name shows the host syntax under test
  test("Claude Code .mcp.json: ${VAR}, ${VAR:-default}, type stdio/http; a Bearer header keeps the token out", async () => {
    const dir = agentFolder();
    write(join(dir, ".mcp.json"), {
      mcpServers: {
        files: { type: "stdio", command: "mcp-server-filesystem", args: [v("PROJECT_DIR:-.")], env: {} },
        memory: {
          type: "stdio",
          command: "mcp-server-memory",
          args: [],
          env: { MEMORY_FILE_PATH: v("MEMORY_FILE") },
        },
        everything: {
          type: "http",
          url: everythingUrl,
          headers: { Authorization: `Bearer ${v("EVERYTHING_TOKEN")}` },
        },
      },
    });
    const { written, run } = await importAndCheck(dir, []);
    expect(written["files"]).toEqual({ command: "mcp-server-filesystem", args: ["."] });
    expect(written["memory"]).toEqual({
      command: "mcp-server-memory",
      env: { MEMORY_FILE_PATH: { $env: "MEMORY_FILE" } },
    });
    expect(written["everything"]).toEqual({
      url: everythingUrl,
      type: "http",
      headers: { Authorization: { $env: "EVERYTHING_TOKEN", prefix: "Bearer " } },
    });
    expect(run.results["mcp__files__list_allowed_directories"]?.text).toContain(dir);
    expect(existsSync(join(dir, "graph.jsonl"))).toBe(true);
  }, 120_000);

  // biome-ignore lint/suspicious/noTemplateCurlyInString: the name shows the host syntax under test
  test("Cursor .cursor/mcp.json: ${workspaceFolder}, ${env:NAME}, envFile", async () => {
    const dir = agentFolder();
    writeFileSync(join(dir, ".env.mcp"), "MEMORY_FILE=./ignored-by-mono-agent.jsonl\n");
    write(join(dir, ".cursor", "mcp.json"), {
      mcpServers: {
        files: { command: "mcp-server-filesystem", args: [v("workspaceFolder")] },
        memory: {
          command: "mcp-server-memory",
          env: { MEMORY_FILE_PATH: `${v("workspaceFolder")}/cursor-memory.jsonl` },
          envFile: `${v("workspaceFolder")}/.env.mcp`,
        },
        everything: { url: everythingUrl, headers: { Authorization: `Bearer ${v("env:EVERYTHING_TOKEN")}` } },
      },
    });
    const { written, report } = await importAndCheck(dir, [join(dir, ".cursor", "mcp.json")]);
    expect(written["files"]).toEqual({ command: "mcp-server-filesystem", args: ["."] });
    expect(written["memory"]?.["env"]).toEqual({
      MEMORY_FILE: { $env: "MEMORY_FILE" },
      MEMORY_FILE_PATH: `${dir}/cursor-memory.jsonl`,
    });
    expect(report.notes.some((note) => note.kind === "action" && note.message.includes(".env.mcp"))).toBe(
      true,
    );
    expect(existsSync(join(dir, "cursor-memory.jsonl"))).toBe(true);
  }, 120_000);

  // biome-ignore lint/suspicious/noTemplateCurlyInString: the name shows the host syntax under test
  test("VS Code .vscode/mcp.json: top-level servers and inputs, ${input:id}, ${userHome}", async () => {
    const dir = agentFolder();
    write(join(dir, ".vscode", "mcp.json"), {
      inputs: [
        { type: "promptString", id: "everything-token", description: "Everything token", password: true },
      ],
      servers: {
        files: { type: "stdio", command: "mcp-server-filesystem", args: [v("workspaceFolder")] },
        memory: {
          type: "stdio",
          command: "mcp-server-memory",
          env: { MEMORY_FILE_PATH: `${v("userHome")}/vscode-memory.jsonl` },
        },
        everything: {
          type: "http",
          url: everythingUrl,
          headers: { Authorization: `Bearer ${v("input:everything-token")}` },
        },
      },
    });
    const env = { ...userEnv(dir), EVERYTHING_TOKEN: TOKEN };
    const { written, report } = await importAndCheck(dir, ["--from", "vscode"], { PATH, HOME: home });
    expect(written["memory"]?.["env"]).toEqual({
      MEMORY_FILE_PATH: { $env: "HOME", suffix: "/vscode-memory.jsonl" },
    });
    expect(written["everything"]?.["headers"]).toEqual({
      Authorization: { $env: "EVERYTHING_TOKEN", prefix: "Bearer " },
    });
    const action = report.notes.find(
      (note) => note.kind === "action" && note.message.includes('input "everything-token"'),
    );
    expect(action?.message).toContain("EVERYTHING_TOKEN");
    expect(env.EVERYTHING_TOKEN).toBe(TOKEN);
    expect(existsSync(join(home, "vscode-memory.jsonl"))).toBe(true);
  }, 120_000);

  test("Claude Desktop claude_desktop_config.json (discovered in the home folder): other top-level keys are reported as dropped", async () => {
    const dir = agentFolder();
    const desktopHome = mkdtempSync(join(tmpdir(), "mcp-import-desktop-"));
    write(join(desktopHome, ".config", "Claude", "claude_desktop_config.json"), {
      mcpServers: {
        files: { command: "mcp-server-filesystem", args: [dir] },
        memory: { command: "mcp-server-memory", env: { MEMORY_FILE_PATH: join(dir, "desktop.jsonl") } },
        everything: { command: "mcp-server-everything", args: ["stdio"] },
      },
      globalShortcut: "Ctrl+Space",
      preferences: { menuBarEnabled: false },
    });
    const { report } = await importAndCheck(dir, ["--from", "claude-desktop"], { PATH, HOME: desktopHome });
    const dropped = report.notes.find(
      (note) => note.kind === "dropped" && note.message.includes("globalShortcut"),
    );
    expect(dropped?.message).toContain("Claude Desktop's own setting");
    expect(existsSync(join(dir, "desktop.jsonl"))).toBe(true);
  }, 120_000);

  // biome-ignore lint/suspicious/noTemplateCurlyInString: the name shows the host syntax under test
  test("Windsurf mcp_config.json: serverUrl, ${env:NAME}, disabledTools", async () => {
    const dir = agentFolder();
    const windsurfHome = mkdtempSync(join(tmpdir(), "mcp-import-windsurf-"));
    const file = write(join(windsurfHome, ".codeium", "windsurf", "mcp_config.json"), {
      mcpServers: {
        files: { command: "mcp-server-filesystem", args: [v("env:PROJECT_DIR")], disabled: false },
        memory: {
          command: "mcp-server-memory",
          env: { MEMORY_FILE_PATH: v("env:MEMORY_FILE") },
          disabledTools: ["delete_entities"],
        },
        everything: {
          serverUrl: everythingUrl,
          headers: { Authorization: `Bearer ${v("env:EVERYTHING_TOKEN")}` },
        },
      },
    });
    const { written, report } = await importAndCheck(dir, [file], {
      PATH,
      HOME: windsurfHome,
      PROJECT_DIR: dir,
    });
    expect(written["everything"]).toEqual({
      url: everythingUrl,
      headers: { Authorization: { $env: "EVERYTHING_TOKEN", prefix: "Bearer " } },
    });
    expect(written["memory"]?.["excludeTools"]).toEqual(["delete_entities"]);
    expect(written["files"]).toEqual({ command: "mcp-server-filesystem", args: [dir] });
    expect(report.notes.some((note) => note.message.includes("serverUrl"))).toBe(true);
  }, 120_000);
});
