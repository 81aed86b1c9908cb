import { existsSync } from "node:fs";
import { join } from "node:path";
import {
  type CheckLine,
  type CheckResult,
  detachedServiceTokenProblem,
  detachedServiceTokens,
  type EnvRecord,
  type LoadedConfig,
} from "@mono-agent/config";
import { retentionSweepLine } from "./retention-sweep-line.js";

/**
 * The Continuations findings of `mono-agent validate`: whether the service starts with the app and where
 * it listens, its named routes, each detached service and whether its bearer variable is set (never its
 * value), the operator API and where its bearer is, retention, and the store's health (opened read-only;
 * never created here) with its last retention sweep. `disabled` when the service does not start.
 */
export async function checkContinuationsConfig(
  loaded: LoadedConfig,
  env: EnvRecord = {},
): Promise<CheckResult> {
  const block = loaded.config.continuations;
  const servers = loaded.config.tools.continuationServers;
  if (block?.enabled === false)
    return {
      status: servers.length > 0 ? "warning" : "disabled",
      lines: [
        {
          status: servers.length > 0 ? "warning" : "disabled",
          message: `continuations.enabled is false: no service starts and no claim can be made${servers.length > 0 ? `; ${servers.join(", ")} get empty claim values and their MCP tasks are not handed off` : ""}.`,
        },
      ],
    };
  if (block === undefined && servers.length === 0)
    return {
      status: "disabled",
      lines: [
        {
          status: "disabled",
          message: "No continuations block and no tools.continuationServers: the service does not start.",
        },
      ],
    };
  // Loaded only when continuations are configured: the store module pulls in the ORM, and validate must start fast.
  const { continuationStoreFile, inspectStateDir, openContinuationStore, readContinuationHealth } =
    await import("../node.js");
  const host = block?.host ?? "127.0.0.1";
  const port = block?.port ?? 4319;
  const stateDir = loaded.continuationsStateDir ?? join(loaded.agentDir, ".mono-agent/continuations");
  const routes = Object.entries(block?.namedRoutes ?? {});
  const lines: CheckLine[] = [
    {
      status: "ok",
      message: `The continuation service starts with the app on http://${host.includes(":") ? `[${host}]` : host}:${port} (claim, result and status endpoints); state in ${stateDir}.`,
    },
  ];
  if (servers.length > 0)
    lines.push({
      status: "ok",
      message: `MCP task hand-off: a task of ${servers.join(", ")} (tools.continuationServers) still working after ${loaded.config.tools.mcpTaskHandoffAfterMs} ms (tools.mcpTaskHandoffAfterMs) continues after its run and is delivered into the conversation; tasks of other servers are cancelled when their call ends.`,
    });
  if (routes.length > 0)
    lines.push({
      status: "ok",
      message: `Named routes: ${routes.map(([name, route]) => `${name} (${route.mode}${route.conversationId ? ` -> ${route.conversationId}` : ""})`).join(", ")}.`,
    });
  lines.push(...detachedServiceLines(block, env));
  const hostPort = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  lines.push({
    status: "ok",
    message: `Operator API: ${hostPort}/v1/operator/health and /v1/operator/continuations, with the bearer in ${join(stateDir, "operator.token")} (owner-only, written when the service starts).`,
  });
  if (block) {
    const { retention } = block;
    lines.push({
      status: "ok",
      message: `Retention: finished records up to ${retention.terminalMaxRecords} and ${days(retention.terminalMaxAgeMs)}; captured text up to ${retention.capturedTextMaxRecords} and ${days(retention.capturedTextMaxAgeMs)} (swept at start and hourly).`,
    });
  }
  for (const problem of inspectStateDir(stateDir))
    lines.push({
      status: "error",
      code: "continuation_state_damaged",
      file: problem.file,
      message: `The continuation service will not start: ${problem.message}.`,
    });
  const file = continuationStoreFile(stateDir);
  if (!existsSync(file)) {
    lines.push({
      status: "ok",
      message: "No continuation store yet: it is created when the service first starts.",
    });
    return { status: worstOf(lines), lines };
  }
  try {
    const store = openContinuationStore({ stateDir, readOnly: true });
    try {
      const health = readContinuationHealth(store);
      const active =
        health.counts.claimed +
        health.counts.result_received +
        health.counts.synthesizing +
        health.counts.ready_to_deliver +
        health.counts.delivery_retry;
      lines.push({
        status: health.status === "healthy" ? "ok" : health.status === "degraded" ? "warning" : "error",
        ...(health.status === "healthy" ? {} : { code: `continuations_${health.status}` }),
        message: `Store ${health.status}: ${active} active, ${health.counts.delivered} delivered${health.reasons.length ? `; ${health.reasons.join(", ")}` : ""}.`,
        ...(health.status === "healthy"
          ? {}
          : {
              suggestion:
                "see `mono-agent continuations list`, then retry, cancel or resolve the records named there",
            }),
      });
      const lastSweep = store.lastRetentionSweep();
      lines.push({
        status: lastSweep?.error ? "warning" : "ok",
        ...(lastSweep?.error
          ? {
              code: "continuations_retention_failed",
              suggestion:
                "see `mono-agent continuations health`; the next sweep runs at the next start or within the hour",
            }
          : {}),
        message: retentionSweepLine(lastSweep),
      });
    } finally {
      store.close();
    }
  } catch (error) {
    lines.push({
      status: "error",
      code: "continuation_store_unreadable",
      file,
      message: `The continuation store cannot be read: ${error instanceof Error ? error.message : String(error)}`,
      suggestion: `fix the permissions (directory 0700, files 0600) or move ${stateDir} aside`,
    });
  }
  return { status: worstOf(lines), lines };
}

/** With the service configured, every finding is ok, a warning or an error. */
function worstOf(lines: readonly CheckLine[]): CheckResult["status"] {
  if (lines.some((line) => line.status === "error")) return "error";
  return lines.some((line) => line.status === "warning") ? "warning" : "ok";
}

function days(ms: number): string {
  const value = ms / 86_400_000;
  return Number.isInteger(value) ? `${value} days` : `${ms} ms`;
}

type ContinuationsBlock = NonNullable<LoadedConfig["config"]["continuations"]>;

/** One line per detached service: its bearer variable set (ok) or unset/short (error); never the value. */
function detachedServiceLines(block: ContinuationsBlock | undefined, env: EnvRecord): CheckLine[] {
  const services = block?.detachedServices ?? [];
  if (services.length === 0) return [];
  const lines: CheckLine[] = detachedServiceTokens(services, env).map((entry, index) => {
    const problem = detachedServiceTokenProblem(entry);
    return problem === undefined
      ? {
          status: "ok",
          message: `Detached service ${entry.name}: bearer from ${entry.tokenEnv} (set); claims at POST /v1/continuations/detached/claim.`,
        }
      : {
          status: "error",
          code: "continuations_service_token",
          jsonPath: `continuations.detachedServices[${index}].tokenEnv`,
          message: `Detached service ${entry.name}: ${problem.replace(/^detached service "[^"]*": /, "")}.`,
          suggestion: `set ${entry.tokenEnv} in the environment or the .env file; the continuation service does not start without it`,
        };
  });
  if (Object.keys(block?.namedRoutes ?? {}).length === 0)
    lines.push({
      status: "warning",
      code: "continuations_no_named_routes",
      message:
        "Detached services are configured but continuations.namedRoutes is empty: every detached claim needs a route, so all are refused.",
      suggestion:
        'add a route such as "ops": { "mode": "notify_if_actionable", "conversationId": "cli:ops" }',
    });
  return lines;
}
