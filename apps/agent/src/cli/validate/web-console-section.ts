import { existsSync } from "node:fs";
import type { EnvRecord, LoadedConfig } from "@mono-agent/config";
import { createToolPolicy, evaluateTool } from "@mono-agent/policy";
import { CONVERSATION_TITLE_TOOL_NAME, operatorTokenProblem } from "@mono-agent/web-console";
import Database from "better-sqlite3";
import { webThreadStoreFile } from "../serve/web-thread-store-file.js";
import { WEB_TOKEN_ENV } from "../serve/web-token-env.js";
import { type CheckLine, type CheckSection, section } from "./validate-report.js";

/** Host names `mono-agent serve` binds without `--allow-remote`. */
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "::1"]);

function threadCounts(file: string): { open: number; archived: number } {
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const row = sqlite
      .prepare(
        "SELECT SUM(archived_at_ms IS NULL) AS open, SUM(archived_at_ms IS NOT NULL) AS archived FROM web_threads",
      )
      .get() as { open: number | null; archived: number | null };
    return { open: row.open ?? 0, archived: row.archived ?? 0 };
  } finally {
    sqlite.close();
  }
}

/**
 * The web-console section of `mono-agent validate`: where `mono-agent serve` would listen, how its operator
 * token is chosen (never printed), the thread store, and what the console does with files and titles here.
 */
export function webConsoleSection(loaded: LoadedConfig | undefined, env: EnvRecord): CheckSection {
  if (!loaded)
    return section("web", "Web console", [
      { status: "disabled", message: "The web console cannot be checked until the config loads." },
    ]);
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
  const token = env[WEB_TOKEN_ENV];
  const problem =
    token === undefined || token === "" ? undefined : operatorTokenProblem(token, WEB_TOKEN_ENV);
  lines.push(
    token === undefined || token === ""
      ? { status: "ok", message: "Operator token: a new random one each start, carried by the printed URL." }
      : problem
        ? {
            status: "error",
            code: "web_token_invalid",
            message: `${problem}.`,
            suggestion: `fix or unset ${WEB_TOKEN_ENV}`,
          }
        : { status: "ok", message: `Operator token: fixed by ${WEB_TOKEN_ENV} (not shown).` },
  );
  const file = webThreadStoreFile(loaded);
  if (!existsSync(file))
    lines.push({ status: "ok", message: `No web threads yet (${file} is made by the first serve).` });
  else
    try {
      const counts = threadCounts(file);
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
  return section("web", "Web console", lines);
}
