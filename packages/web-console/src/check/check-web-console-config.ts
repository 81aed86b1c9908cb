import { existsSync } from "node:fs";
import type { CheckLine, EnvRecord, LoadedConfig } from "@mono-agent/config";
import { createToolPolicy, evaluateTool } from "@mono-agent/policy";
import { CONVERSATION_TITLE_TOOL_NAME } from "../conversation-title.js";
import { operatorTokenProblem } from "../operator-token-rules.js";

/** Host names `mono-agent serve` binds without `--allow-remote`. */
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "::1"]);

/** Where the host keeps what the console's check reads. */
export interface WebConsoleCheckOptions {
  /** The host's web thread store (SQLite), read-only; it need not exist. */
  threadStoreFile: string;
  /** The env variable that fixes the operator token (else the host makes a random one per start). */
  tokenEnv: string;
}

/**
 * The Web console findings of `mono-agent validate`: where the host would listen, how its operator token is
 * chosen (never printed), the thread store, and what the console does with files and titles here.
 */
export async function checkWebConsoleConfig(
  loaded: LoadedConfig,
  env: EnvRecord,
  options: WebConsoleCheckOptions,
): Promise<CheckLine[]> {
  const { host, port } = loaded.config.web ?? { host: "127.0.0.1", port: 4317 };
  const lines: CheckLine[] = [
    LOOPBACK_HOSTS.has(host)
      ? { status: "ok", message: `mono-agent serve listens on ${host}:${port} (web.host, web.port).` }
      : {
          status: "warning",
          code: "web_host_not_loopback",
          jsonPath: "web.host",
          message: `web.host ${host} is not a loopback address: serve refuses it without --allow-remote, and then serves plain HTTP to the network.`,
          suggestion: "keep 127.0.0.1, or put the console behind TLS and a firewall",
        },
  ];
  const token = env[options.tokenEnv];
  const problem =
    token === undefined || token === "" ? undefined : operatorTokenProblem(token, options.tokenEnv);
  lines.push(
    token === undefined || token === ""
      ? { status: "ok", message: "Operator token: a new random one each start, carried by the printed URL." }
      : problem
        ? {
            status: "error",
            code: "web_token_invalid",
            message: `${problem}.`,
            suggestion: `fix or unset ${options.tokenEnv}`,
          }
        : { status: "ok", message: `Operator token: fixed by ${options.tokenEnv} (not shown).` },
  );
  const file = options.threadStoreFile;
  if (!existsSync(file))
    lines.push({ status: "ok", message: `No web threads yet (${file} is made by the first serve).` });
  else
    try {
      // better-sqlite3 loads only when the store exists.
      const { countWebThreads } = await import("./count-web-threads.js");
      const counts = countWebThreads(file);
      lines.push({
        status: "ok",
        message: `Threads: ${counts.open} open, ${counts.archived} archived, in ${file}.`,
      });
    } catch (error) {
      lines.push({
        status: "error",
        code: "web_store_unreadable",
        file,
        message: `The web thread store cannot be read: ${error instanceof Error ? error.message : String(error)}`,
        suggestion: `move ${file} aside; the next serve starts a new one`,
      });
    }
  const contextServers = loaded.config.tools.mcpRequestContextServers;
  lines.push(
    contextServers.length > 0
      ? { status: "ok", message: `Files sent with a message are staged for: ${contextServers.join(", ")}.` }
      : {
          status: "ok",
          message:
            "Files sent with a message are not staged: no tools.mcpRequestContextServers (runs warn attachments_unused).",
        },
  );
  const policy = createToolPolicy({
    allowedTools: loaded.config.tools.allowedTools,
    disallowedTools: loaded.config.tools.disallowedTools,
  });
  const titled =
    evaluateTool(policy, CONVERSATION_TITLE_TOOL_NAME, { conversation: { titleWritable: true } }).decision ===
    "offered";
  lines.push({
    status: "ok",
    message: titled
      ? "SetConversationTitle: offered to interactive threads whose title is still writable."
      : "SetConversationTitle: not offered (the tool policy leaves it out); threads keep their first message as title.",
  });
  return lines;
}
