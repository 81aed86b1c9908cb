import { type MemoryAudit, auditExitsCleanly, auditMemory } from "../audit/memory-audit.js";
import type { JournalMemoryStore } from "../journal/journal-store.js";
import { memoryRebuildReport, memorySearchReport } from "../lite/memory-read-reports.js";
import type { MemoryReport } from "../lite/memory-report.js";
import { MemoryError } from "../memory-error.js";
import { type MemoryStoreConfig, openConfiguredMemoryStore } from "./open-configured-memory-store.js";

/** What the tier-aware operator reports need: the memory block, its root and the host env. */
export interface MemoryTierContext {
  memory: MemoryStoreConfig;
  root: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Test hook for the embeddings client. */
  fetch?: typeof fetch;
}

function localOnly(context: MemoryTierContext, what: string): void {
  if (context.memory.backend === "supermemory")
    throw new MemoryError(
      "store_unavailable",
      `memory ${what} works on the built-in store; backend "supermemory" keeps nothing local.`,
    );
}

function openJournal(context: MemoryTierContext): JournalMemoryStore {
  return openConfiguredMemoryStore({
    memory: context.memory,
    root: context.root,
    env: context.env,
    ...(context.fetch ? { fetch: context.fetch } : {}),
  }) as JournalMemoryStore;
}

/** `mono-agent memory rebuild`: lite rebuilds its FTS index; journal builds and switches to a new generation. */
export async function memoryTierRebuildReport(context: MemoryTierContext): Promise<MemoryReport> {
  localOnly(context, "rebuild");
  if (context.memory.mode !== "journal") return memoryRebuildReport(context.root);
  const store = openJournal(context);
  try {
    const result = await store.rebuild();
    return {
      data: { rebuilt: result },
      text: `Rebuilt the index: ${result.memories} memories from ${result.files} files; generation ${result.generation} (${result.vectors} vectors) is now active.`,
    };
  } finally {
    store.close();
  }
}

/** `mono-agent memory rollback`: the previous journal generation becomes active again. */
export async function memoryRollbackReport(context: MemoryTierContext): Promise<MemoryReport> {
  localOnly(context, "rollback");
  if (context.memory.mode !== "journal")
    throw new MemoryError(
      "store_unavailable",
      `memory rollback switches managed index generations, which only the journal tier has (memory.mode is "${context.memory.mode ?? "lite"}").`,
    );
  const store = openJournal(context);
  try {
    const { generation } = await store.rollback();
    return { data: { rolledBack: { generation } }, text: `Generation ${generation} is active again.` };
  } finally {
    store.close();
  }
}

/** `mono-agent memory search`: as MemoryRecall searches on this tier (journal: full text + vectors). */
export async function memoryTierSearchReport(
  context: MemoryTierContext,
  query: string,
  limit: number,
): Promise<MemoryReport> {
  localOnly(context, "search");
  if (context.memory.mode !== "journal") return memorySearchReport(context.root, query, limit);
  const store = openJournal(context);
  try {
    const { hits, degraded } = await store.recallWithStatus({ query, limit });
    const lines = hits.map((hit) => `${hit.score.toFixed(3)}  ${hit.id}  ${hit.text}`);
    if (hits.length === 0) lines.push(`No memories matched "${query}".`);
    if (degraded) lines.unshift(`[degraded: ${degraded.reason}]`);
    return {
      data: { query, hits, ...(degraded ? { degraded: true, reason: degraded.reason } : {}) },
      text: lines.join("\n"),
    };
  } finally {
    store.close();
  }
}

/** `mono-agent memory audit [--strict]`: the audit object, and whether the command exits 0. */
export function memoryAuditReport(
  memory:
    | {
        backend?: "bujo" | "supermemory";
        mode?: "lite" | "journal" | "bujo";
        embeddings?: { model: string; dim: number };
      }
    | undefined,
  root: string | undefined,
): { audit: MemoryAudit; ok: boolean; text: string } {
  const audit = auditMemory({
    memory: memory
      ? {
          ...(memory.backend ? { backend: memory.backend } : {}),
          mode: memory.mode ?? "lite",
          ...(memory.embeddings ? { embeddings: memory.embeddings } : {}),
        }
      : undefined,
    root,
  });
  const text = [
    `Memory audit: ${audit.status} (backend ${audit.backend}${audit.mode ? `, mode ${audit.mode}` : ""})`,
    ...audit.issues.map((issue) => `  [${issue.severity}] ${issue.code}: ${issue.message}`),
    `  memories ${audit.counts.memories}, vectors ${audit.counts.vectors}, missing vectors ${audit.counts.missingVectors}, pending writes ${audit.counts.pending}`,
  ].join("\n");
  return { audit, ok: auditExitsCleanly(audit), text };
}
