import type { CheckLine, CheckResult, LoadedConfig } from "@mono-agent/config";
import {
  createToolPolicy,
  evaluateTool,
  MEMORY_JOURNAL_SERVER_NAME,
  MEMORY_RECALL_SERVER_NAME,
  MEMORY_WRITE_SERVER_NAME,
  type MemoryAvailability,
  mcpToolName,
  type ToolPolicy,
} from "@mono-agent/policy";
import type { LiteMemoryReport } from "../lite/index.js";
import { memoryRootProblem } from "./memory-root-problem.js";
import { validateMemoryAvailability } from "./validate-memory-availability.js";

const SERVERS = {
  MemoryRecall: MEMORY_RECALL_SERVER_NAME,
  MemoryJournal: MEMORY_JOURNAL_SERVER_NAME,
  Remember: MEMORY_WRITE_SERVER_NAME,
} as const;

function storeLines(report: LiteMemoryReport, tier: string): CheckLine[] {
  if (!report.rootExists) {
    return [
      {
        status: "ok",
        message: `Memory store (${tier}): ${report.root} — not created yet; the first run creates it.`,
      },
    ];
  }
  const lines: CheckLine[] = [
    { status: "ok", message: `Memory store (${tier}): ${report.root}` },
    {
      status: "ok",
      message: `${report.memories} memories in ${report.dailyFiles} daily files${report.dropped > 0 ? `, ${report.dropped} forgotten` : ""}${report.firstDate ? ` (${report.firstDate} to ${report.lastDate})` : ""}.`,
    },
  ];
  if (report.legacyOnlyFiles > 0) {
    lines.push({
      status: "warning",
      code: "memory_legacy_layout",
      message: `${report.legacyOnlyFiles} date(s) are kept only in the legacy root layout (<date>.md); Remember refuses to write on those dates.`,
      suggestion: "move each root <date>.md to daily/<date>.md, then run `mono-agent memory rebuild`",
    });
  }
  if (!report.indexPresent) {
    lines.push({
      status: "ok",
      message: "Index not built yet: the first run or `mono-agent memory rebuild` builds it.",
    });
  } else if (report.indexedMemories === undefined) {
    lines.push({
      status: "warning",
      code: "memory_index_unreadable",
      message: "The memory index cannot be read.",
      suggestion: "run `mono-agent memory rebuild` with the agent stopped",
    });
  } else if (report.indexedMemories !== report.memories || (report.pendingIntents ?? 0) > 0) {
    lines.push({
      status: "warning",
      code: "memory_index_out_of_date",
      message: `The index holds ${report.indexedMemories} memories, the daily files ${report.memories}${report.pendingIntents ? `; ${report.pendingIntents} write(s) await completion` : ""}.`,
      suggestion: "the next start syncs it; or run `mono-agent memory rebuild`",
    });
  }
  if (report.maintenanceInProgress) {
    lines.push({
      status: "warning",
      code: "memory_maintenance_in_progress",
      message: "A forget apply or restore did not finish: Remember is blocked.",
      suggestion: "finish it with `mono-agent memory forget restore --backup <dir>`",
    });
  }
  return lines;
}

function toolLines(policy: ToolPolicy, availability: MemoryAvailability): CheckLine[] {
  return (Object.keys(SERVERS) as Array<keyof typeof SERVERS>).map((name) => {
    const decision = evaluateTool(policy, name, { memory: availability });
    const modelName = mcpToolName(SERVERS[name], name);
    if (decision.decision === "offered") {
      const why =
        name === "MemoryRecall" ? " (memory.recallTool.enabled governs it, not tools.allowedTools)" : "";
      return { status: "ok", message: `${name} offered as ${modelName}${why}.` };
    }
    return {
      status: "disabled",
      code: `memory_tool_${decision.reason}`,
      message: `${name} not offered: ${decision.detail}`,
    };
  });
}

/** An API key `$env` reference of the memory block whose variable is unset: the store would not open. */
function unsetKeyLine(
  memory: NonNullable<LoadedConfig["config"]["memory"]>,
  env: Readonly<Record<string, string | undefined>>,
): CheckLine | undefined {
  const references = [
    ["memory.embeddings.apiKey", memory.mode === "journal" ? memory.embeddings?.apiKey : undefined],
    ["memory.supermemory.apiKey", memory.backend === "supermemory" ? memory.supermemory?.apiKey : undefined],
  ] as const;
  for (const [key, reference] of references) {
    if (!reference || reference.default !== undefined || (env[reference.$env] ?? "") !== "") continue;
    return {
      status: "error",
      code: "memory_key_unset",
      message: `${key} reads ${reference.$env}, which is not set: the agent would start without memory tools.`,
      suggestion: `set ${reference.$env} in the environment or the agent folder's .env`,
    };
  }
  return undefined;
}

function remoteStoreCheck(loaded: LoadedConfig): CheckResult {
  const memory = loaded.config.memory;
  const endpoint = memory?.supermemory?.endpoint;
  const lines: CheckLine[] = [
    {
      status: "ok",
      message: `Memory store (supermemory): remote${endpoint ? ` at ${new URL(endpoint).origin}` : ""}, key from ${memory?.supermemory?.apiKey.$env ?? "(unset)"}.`,
    },
    {
      status: "disabled",
      code: "memory_tool_unavailable",
      message:
        "MemoryJournal not composed: the Supermemory store has no local journal browse (no search fallback, no fake empty result).",
    },
    {
      status: "disabled",
      code: "memory_tool_unavailable",
      message:
        "Remember not composed: the Supermemory store has no durable write surface through mono-agent.",
    },
  ];
  const recallOn = memory?.recallTool.enabled === true;
  lines.unshift(
    recallOn
      ? {
          status: "ok",
          message: `MemoryRecall offered as ${mcpToolName(MEMORY_RECALL_SERVER_NAME, "MemoryRecall")}, through the Supermemory search endpoint.`,
        }
      : { status: "disabled", message: "MemoryRecall is off: memory.recallTool.enabled is false." },
  );
  return { status: recallOn ? "ok" : "disabled", lines };
}

/**
 * The Memory findings of `mono-agent validate`: the store path and counts (read-only), and which memory
 * tools the tool policy offers and why not. `disabled` without a memory block (or a config that did not
 * load) and when no memory tool is offered; `error` when `memory.path` cannot be the memory folder.
 */
export async function checkMemoryConfig(
  loaded: LoadedConfig | undefined,
  env?: Readonly<Record<string, string | undefined>>,
): Promise<CheckResult> {
  const memory = loaded?.config.memory;
  const unsetKey = env && memory ? unsetKeyLine(memory, env) : undefined;
  if (unsetKey) return { status: "error", lines: [unsetKey] };
  if (!loaded || !memory || !loaded.memoryDir) {
    return {
      status: "disabled",
      lines: [
        { status: "disabled", message: "No memory block: Remember, MemoryRecall and MemoryJournal are off." },
      ],
    };
  }
  const rootProblem = memoryRootProblem(loaded.memoryDir);
  if (rootProblem !== undefined) {
    return {
      status: "error",
      lines: [{ status: "error", code: "memory_path_invalid", message: `${rootProblem}.` }],
    };
  }
  if (memory.backend === "supermemory") return remoteStoreCheck(loaded);
  if (memory.mode === "bujo") {
    return {
      status: "error",
      lines: [
        {
          status: "error",
          code: "memory_tier_unavailable",
          message:
            'memory.mode "bujo" (curation by a model, entity graph, consolidation) is not available in this version: the agent would start without memory tools.',
          suggestion:
            'set memory.mode "journal" (full text + vectors; keep memory.embeddings, remove memory.llm and memory.consolidation) or "lite"',
        },
      ],
    };
  }
  // Loaded only when memory is configured: the store module is heavy, and validate must start fast.
  const { inspectLiteMemory } = await import("../lite/index.js");
  const lines = storeLines(inspectLiteMemory(loaded.memoryDir), memory.mode);
  if (memory.mode === "journal" && memory.embeddings) {
    const { embeddings } = memory;
    lines.push({
      status: "ok",
      message: `Embeddings: ${embeddings.provider} ${embeddings.model} (${embeddings.dim} dimensions)${embeddings.endpoint ? ` at ${new URL(embeddings.endpoint).origin}` : ""}; while the endpoint is down MemoryRecall answers from full text with degraded: true.`,
    });
  }
  let policy: ToolPolicy | undefined;
  try {
    policy = createToolPolicy({
      allowedTools: loaded.config.tools.allowedTools,
      disallowedTools: loaded.config.tools.disallowedTools,
    });
  } catch {
    lines.push({
      status: "disabled",
      message: "Memory tools not evaluated: the tool policy is invalid (see Tools & MCP).",
    });
  }
  const tools = policy ? toolLines(policy, validateMemoryAvailability(loaded)) : [];
  lines.push(...tools);
  const anyOffered = tools.some((line) => line.status === "ok");
  if (!anyOffered && tools.length > 0) return { status: "disabled", lines };
  // The worst counted line; no line here is an error.
  const counted = (anyOffered ? lines.filter((line) => line.status !== "disabled") : lines).map(
    (line) => line.status,
  );
  const status = counted.includes("warning") ? "warning" : counted.includes("disabled") ? "disabled" : "ok";
  return { status, lines };
}
