import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CLI_BIN } from "../cli/run-cli.js";
import {
  type OpenAICompatibleServer,
  type ScriptedCompletion,
  startOpenAICompatibleServer,
} from "../fixtures/openai-compatible/openai-compatible-server.js";

/** Secret values the host holds: none may ever reach a sandboxed command. */
export const HOST_SECRETS = {
  MODEL_API_KEY: "sk-model-key-must-stay-on-the-host-0001",
  HOST_SECRET_TOKEN: "ghp_hostsecrettokenvalue000000000000002",
  DOTENV_SECRET_TOKEN: "xoxb-dotenv-secret-token-000000000003",
};

/** SHA-256 of every file under `root` (relative path -> hash), symlinks by their target. */
export function checksumTree(root: string): Record<string, string> {
  const sums: Record<string, string> = {};
  const walk = (directory: string, prefix: string) => {
    for (const name of readdirSync(directory).sort()) {
      const path = join(directory, name);
      const stats = statSync(path, { throwIfNoEntry: false });
      if (stats?.isDirectory()) walk(path, `${prefix}${name}/`);
      else if (stats)
        sums[`${prefix}${name}`] = createHash("sha256").update(readFileSync(path)).digest("hex");
    }
  };
  walk(root, "");
  return sums;
}

/** An agent folder that is also the workspace, an outside tree, and a fake home with an SSH key. */
export function makeAttackFolders(sandbox: Record<string, unknown> = {}, baseUrl = "http://127.0.0.1:9/v1") {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "sandbox-attack-")));
  const agent = join(root, "agent");
  const outside = join(root, "outside");
  const home = join(root, "home");
  for (const directory of [join(agent, ".git", "hooks"), join(outside, "nested"), join(home, ".ssh")])
    mkdirSync(directory, { recursive: true });
  writeFileSync(join(outside, "secret.txt"), "outside secret\n");
  writeFileSync(join(outside, "nested", "data.bin"), Buffer.from([0, 1, 2, 3]));
  writeFileSync(join(home, ".ssh", "id_ed25519"), "-----BEGIN OPENSSH PRIVATE KEY-----\nnot-a-real-key\n");
  writeFileSync(join(agent, ".git", "config"), "[core]\n\tbare = false\n");
  writeFileSync(join(agent, ".env"), `DOTENV_SECRET_TOKEN=${HOST_SECRETS.DOTENV_SECRET_TOKEN}\n`);
  writeFileSync(join(agent, ".env.local"), "LOCAL=1\n");
  writeFileSync(join(agent, "README.md"), "# agent\n");
  writeFileSync(
    join(agent, "mono-agent.config.json"),
    JSON.stringify({
      runtime: { model: "scripted:attacker" },
      models: {
        providers: {
          scripted: {
            baseUrl,
            apiKeyEnv: "MODEL_API_KEY",
            compat: { supportsDeveloperRole: false, supportsStore: false, maxTokensField: "max_tokens" },
          },
        },
      },
      sandbox,
    }),
  );
  return { root, agent, outside, home };
}

/** A running `mono-agent run --json` against a scripted loopback model. */
export interface CliRun {
  child: ChildProcess;
  /** stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code. */
  closed: Promise<number | null>;
  server: OpenAICompatibleServer;
}

/**
 * Starts `mono-agent run --json` in the agent folder with a loopback model that answers `script` step by
 * step; `config` is merged into the folder's config first. The host env holds the secrets of
 * {@link HOST_SECRETS} (the model key, an exported token; the .env file adds the third).
 */
export async function startCliRun(
  folders: ReturnType<typeof makeAttackFolders>,
  script: readonly ScriptedCompletion[],
  options: { env?: Record<string, string>; config?: Record<string, unknown> } = {},
): Promise<CliRun> {
  const server = await startOpenAICompatibleServer(script);
  const file = join(folders.agent, "mono-agent.config.json");
  const config = JSON.parse(readFileSync(file, "utf8"));
  config.models.providers.scripted.baseUrl = server.baseUrl;
  writeFileSync(file, JSON.stringify({ ...config, ...options.config }));
  const child = spawn(process.execPath, [CLI_BIN, "run", "--json", "try everything"], {
    cwd: folders.agent,
    env: {
      PATH: process.env["PATH"] ?? "/usr/bin:/bin",
      HOME: folders.home,
      MODEL_API_KEY: HOST_SECRETS.MODEL_API_KEY,
      HOST_SECRET_TOKEN: HOST_SECRETS.HOST_SECRET_TOKEN,
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const closed = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
  return { child, output: () => output, closed, server };
}

export interface ScriptedRun {
  exitCode: number | null;
  output: string;
  /** The text of each Bash result, in call order (read from what the model was sent back). */
  results: string[];
}

/** Runs `mono-agent run --json` with a loopback model that calls Bash once per command, then answers. */
export async function runScriptedBash(
  folders: ReturnType<typeof makeAttackFolders>,
  commands: readonly string[],
  env: Record<string, string> = {},
): Promise<ScriptedRun> {
  const run = await startCliRun(
    folders,
    [
      ...commands.map((command, index) => ({
        toolCall: { id: `call_${index}`, name: "Bash", arguments: JSON.stringify({ command }) },
      })),
      { text: "done" },
    ],
    { env },
  );
  const exitCode = await run.closed;
  await run.server.close();
  const results = run.server.requests.slice(1).map((request) => {
    const messages = request.body["messages"] as { role: string; content: unknown }[];
    const last = messages.at(-1);
    return typeof last?.content === "string"
      ? last.content
      : ((last?.content as { text?: string }[] | undefined) ?? []).map((part) => part.text ?? "").join("");
  });
  return { exitCode, output: run.output(), results };
}
