import { createHash } from "node:crypto";
import {
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  fauxAssistantMessage,
  fauxToolCall,
  type ToolCall,
  type ToolResultMessage,
  type TranscriptContext,
} from "@earendil-works/pi-ai";
import { type FauxModel, offeredTools } from "@mono-agent/test-utils/faux";
import { type MonoAgentApp, startMonoAgentApp } from "../../src/app/start-mono-agent-app.js";

export type Faux = FauxModel;

/** A fresh real (symlink-free) temp folder. */
export function realTempDir(prefix: string): string {
  return realpathSync(mkdtempSync(join(tmpdir(), prefix)));
}

/**
 * Identity of everything below each path (files by content hash, symlinks by target, folders by name),
 * so "nothing changed outside" is one equality. A missing path is recorded as missing.
 */
export function treeChecksums(paths: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (path: string, label: string) => {
    if (!existsSync(path) && !isSymlink(path)) {
      out[label] = "missing";
      return;
    }
    const stats = lstatSync(path);
    if (stats.isSymbolicLink()) out[label] = `link -> ${readlinkSync(path)}`;
    else if (stats.isFile())
      out[label] =
        `file ${stats.mode.toString(8)} ${createHash("sha256").update(readFileSync(path)).digest("hex")}`;
    else if (stats.isDirectory()) {
      out[label] = "dir";
      for (const name of readdirSync(path).sort()) visit(join(path, name), `${label}/${name}`);
    } else out[label] = "other";
  };
  for (const path of paths) visit(path, path);
  return out;
}

function isSymlink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** One tool call of a scripted model and what came back. */
export interface ToolOutcome {
  isError: boolean;
  text: string;
}

/** Starts the app of `configPath` with pi-ai's faux model as `faux:test`. */
export function startFauxApp(
  faux: Faux,
  configPath: string,
  options: { env?: Record<string, string>; envFile?: string; recordRuns?: boolean } = {},
): Promise<MonoAgentApp> {
  return startMonoAgentApp({
    configPath,
    cwd: realpathSync(join(configPath, "..")),
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...options.env },
    customModels: {
      "faux:test": {
        model: faux.getModel(),
        streamFn: faux.streamFn,
        getApiKey: () => "x",
        label: "faux:test",
        isDemo: false,
      },
    },
    ...(options.envFile !== undefined ? { envFile: options.envFile } : {}),
    ...(options.recordRuns !== undefined ? { recordRuns: options.recordRuns } : {}),
  });
}

/**
 * One run whose scripted model makes each batch of tool calls in turn (one assistant message per
 * batch), then answers "done". Returns every tool result by call id, and the tool names offered.
 */
export async function runToolBatches(
  app: MonoAgentApp,
  faux: Faux,
  batches: ReadonlyArray<ReadonlyArray<{ id: string; name: string; args: Record<string, unknown> }>>,
  conversationId = "cli:attacker",
): Promise<{ outcomes: Map<string, ToolOutcome>; offered: string[]; status: string }> {
  const outcomes = new Map<string, ToolOutcome>();
  let offered: string[] = [];
  faux.setResponses([
    ...batches.map((batch, index) => (context: TranscriptContext) => {
      if (index === 0) offered = offeredTools(context).map((tool) => tool.name);
      return fauxAssistantMessage(
        batch.map((call) => fauxToolCall(call.name, call.args as ToolCall["arguments"], { id: call.id })),
        { stopReason: "toolUse" },
      );
    }),
    (context: TranscriptContext) => {
      for (const message of context.messages as ToolResultMessage[]) {
        if (message.role !== "toolResult") continue;
        outcomes.set(message.toolCallId, {
          isError: message.isError,
          text: message.content.map((block) => (block.type === "text" ? block.text : "")).join("\n"),
        });
      }
      return fauxAssistantMessage("done");
    },
  ]);
  const result = await app.run({ input: "go", conversationId });
  return { outcomes, offered, status: result.status };
}
