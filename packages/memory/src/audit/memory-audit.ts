import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { openSqliteDatabase } from "@mono-agent/storage/sqlite";
import { generationDir, readIndexManifest } from "../journal/index-manifest.js";
import { VECTORS_FILE } from "../journal/vector-index.js";
import { inspectLiteMemory } from "../lite/inspect-lite-memory.js";
import { MemoryIndex } from "../lite/memory-index.js";
import { INDEX_DIR, RUNTIME_MARKER_FILE } from "../lite/memory-paths.js";

/** Overall audit verdicts; `healthy`, `in_progress` and `not_configured` exit 0, the rest 1. */
export type MemoryAuditStatus =
  | "healthy"
  | "in_progress"
  | "degraded"
  | "unhealthy"
  | "unknown"
  | "not_configured";

/**
 * The closed issue vocabulary of `mono-agent memory audit`, each with the status it implies.
 * Precedence of the overall status: unknown > unhealthy > degraded > in_progress.
 */
export const MEMORY_AUDIT_ISSUES = {
  root_unreadable: "unknown",
  index_unreadable: "unknown",
  manifest_invalid: "unknown",
  runtime_invalid: "unknown",
  vectors_unreadable: "unknown",
  remote_not_checked: "unknown",
  manifest_missing: "unhealthy",
  generation_missing: "unhealthy",
  generation_model_mismatch: "unhealthy",
  maintenance_interrupted: "unhealthy",
  tier_unavailable: "unhealthy",
  index_missing: "degraded",
  index_out_of_date: "degraded",
  vectors_missing: "degraded",
  legacy_layout: "degraded",
  runtime_stale: "degraded",
  generation_tier_mismatch: "degraded",
  pending_writes: "in_progress",
  agent_running: "in_progress",
} as const satisfies Record<string, Exclude<MemoryAuditStatus, "healthy" | "not_configured">>;

export type MemoryAuditIssueCode = keyof typeof MEMORY_AUDIT_ISSUES;

/** One finding. */
export interface MemoryAuditIssue {
  code: MemoryAuditIssueCode;
  severity: (typeof MEMORY_AUDIT_ISSUES)[MemoryAuditIssueCode];
  message: string;
}

/** The `--json` object of `mono-agent memory audit` (schemaVersion 1). */
export interface MemoryAudit {
  schemaVersion: 1;
  backend: "bujo" | "supermemory" | "none";
  mode?: "lite" | "journal" | "bujo";
  status: MemoryAuditStatus;
  checkedAt: string;
  issues: MemoryAuditIssue[];
  counts: {
    pending: number;
    due: number;
    dead: number;
    outbox: number;
    temporary: number;
    memories: number;
    vectors: number;
    missingVectors: number;
  };
}

const PRECEDENCE: MemoryAuditStatus[] = ["unknown", "unhealthy", "degraded", "in_progress"];
/** A runtime marker older than this is stale (reference §6.1: heartbeat 30 s, stale after 90 s). */
const RUNTIME_STALE_MS = 90_000;

/** What the audit reads of the config. */
export interface MemoryAuditConfig {
  backend?: "bujo" | "supermemory";
  mode: "lite" | "journal" | "bujo";
  embeddings?: { model: string; dim: number };
}

function overall(issues: readonly MemoryAuditIssue[]): MemoryAuditStatus {
  for (const status of PRECEDENCE) if (issues.some((issue) => issue.severity === status)) return status;
  return "healthy";
}

function runtimeIssue(root: string, now: Date): MemoryAuditIssue | undefined {
  const file = join(root, INDEX_DIR, RUNTIME_MARKER_FILE);
  if (!existsSync(file)) return undefined;
  try {
    const marker = JSON.parse(readFileSync(file, "utf8")) as {
      pid?: unknown;
      heartbeatAt?: unknown;
      updatedAt?: unknown;
    };
    const beat = typeof marker.heartbeatAt === "string" ? marker.heartbeatAt : marker.updatedAt;
    if (typeof marker.pid !== "number" || typeof beat !== "string" || !Number.isFinite(Date.parse(beat)))
      throw new Error("malformed");
    if (now.getTime() - Date.parse(beat) > RUNTIME_STALE_MS)
      return issue(
        "runtime_stale",
        "The agent's runtime marker has not been refreshed for over 90 s (a crashed agent?).",
      );
    return issue("agent_running", `An agent (pid ${marker.pid}) has the store open.`);
  } catch {
    return issue("runtime_invalid", "The runtime marker .index/runtime.json is unreadable.");
  }
}

function issue(code: MemoryAuditIssueCode, message: string): MemoryAuditIssue {
  return { code, severity: MEMORY_AUDIT_ISSUES[code], message };
}

function vectorIds(root: string, generation: string): Set<string> {
  const db = openSqliteDatabase({
    file: join(generationDir(root, generation), VECTORS_FILE),
    readOnly: true,
    busyTimeoutMs: 5_000,
  });
  try {
    return new Set(
      (db.prepare("SELECT id FROM vectors").all() as Array<{ id: string }>).map((row) => row.id),
    );
  } finally {
    db.close();
  }
}

/**
 * Audits the memory store read-only: canonical files, index, managed generation and vectors, runtime
 * marker. Never writes and never calls a model or an endpoint.
 */
export function auditMemory(options: {
  memory: MemoryAuditConfig | undefined;
  root: string | undefined;
  now?: Date;
}): MemoryAudit {
  const now = options.now ?? new Date();
  const counts = {
    pending: 0,
    due: 0,
    dead: 0,
    outbox: 0,
    temporary: 0,
    memories: 0,
    vectors: 0,
    missingVectors: 0,
  };
  const base = { schemaVersion: 1 as const, checkedAt: now.toISOString(), counts };
  const { memory, root } = options;
  if (!memory || !root) return { ...base, backend: "none", status: "not_configured", issues: [] };
  if (memory.backend === "supermemory") {
    const issues = [
      issue(
        "remote_not_checked",
        "The Supermemory store is remote: audit does not call it; MemoryRecall reports its failures as degraded.",
      ),
    ];
    return { ...base, backend: "supermemory", status: overall(issues), issues };
  }
  const issues: MemoryAuditIssue[] = [];
  const result = (): MemoryAudit => ({
    ...base,
    backend: "bujo",
    mode: memory.mode,
    status: overall(issues),
    issues,
  });
  if (memory.mode === "bujo") {
    issues.push(issue("tier_unavailable", 'memory.mode "bujo" is not available in this version.'));
    return result();
  }
  let report: ReturnType<typeof inspectLiteMemory>;
  try {
    report = inspectLiteMemory(root);
  } catch {
    issues.push(issue("root_unreadable", "The memory folder cannot be read."));
    return result();
  }
  if (!report.rootExists) return result();
  counts.memories = report.memories;
  counts.pending = report.pendingIntents ?? 0;
  if (report.legacyOnlyFiles > 0)
    issues.push(
      issue("legacy_layout", `${report.legacyOnlyFiles} date(s) are only in the legacy root layout.`),
    );
  if (report.maintenanceInProgress)
    issues.push(
      issue(
        "maintenance_interrupted",
        "A forget apply or restore did not finish; finish it with `mono-agent memory forget restore`.",
      ),
    );
  if (!report.indexPresent)
    issues.push(
      issue(
        "index_missing",
        "The index is not built; the next start or `mono-agent memory rebuild` builds it.",
      ),
    );
  else if (report.indexedMemories === undefined)
    issues.push(issue("index_unreadable", "The index cannot be read; run `mono-agent memory rebuild`."));
  else if (report.indexedMemories !== report.memories)
    issues.push(
      issue(
        "index_out_of_date",
        `The index holds ${report.indexedMemories} memories, the daily files ${report.memories}.`,
      ),
    );
  if (counts.pending > 0)
    issues.push(issue("pending_writes", `${counts.pending} Remember write(s) await completion.`));
  const runtime = runtimeIssue(root, now);
  if (runtime) issues.push(runtime);
  const manifest = readIndexManifest(root);
  if (memory.mode === "lite") {
    if (manifest !== undefined)
      issues.push(
        issue(
          "generation_tier_mismatch",
          "A managed journal index exists but memory.mode is lite; its vectors are unused.",
        ),
      );
    return result();
  }
  if (manifest === undefined) {
    issues.push(
      issue(
        "manifest_missing",
        "The journal tier has no .index/manifest.json; the next start creates it, or run `mono-agent memory rebuild`.",
      ),
    );
    counts.missingVectors = counts.memories;
    return result();
  }
  if (manifest === "invalid") {
    issues.push(
      issue("manifest_invalid", "The index manifest is unreadable; run `mono-agent memory rebuild`."),
    );
    return result();
  }
  const active = manifest.active;
  if (!existsSync(join(generationDir(root, active.name), VECTORS_FILE))) {
    issues.push(
      issue(
        "generation_missing",
        `The active generation ${active.name} is missing; run \`mono-agent memory rebuild\`.`,
      ),
    );
    return result();
  }
  if (
    memory.embeddings &&
    (active.embeddingModel !== memory.embeddings.model || active.dimension !== memory.embeddings.dim)
  )
    issues.push(
      issue(
        "generation_model_mismatch",
        `The active generation holds ${active.embeddingModel} (${active.dimension}) vectors; memory.embeddings is ${memory.embeddings.model} (${memory.embeddings.dim}). Run \`mono-agent memory rebuild\`.`,
      ),
    );
  try {
    const ids = vectorIds(root, active.name);
    const index = MemoryIndex.open(root, { readonly: true });
    try {
      const current = index.currentMemories();
      counts.vectors = current.filter((memory) => ids.has(memory.id)).length;
      counts.missingVectors = current.length - counts.vectors;
    } finally {
      index.close();
    }
  } catch {
    issues.push(
      issue(
        "vectors_unreadable",
        "The active generation's vectors cannot be read; run `mono-agent memory rebuild`.",
      ),
    );
    return result();
  }
  if (counts.missingVectors > 0)
    issues.push(
      issue(
        "vectors_missing",
        `${counts.missingVectors} memories have no vector yet (the running agent fills them in when the embeddings endpoint answers).`,
      ),
    );
  return result();
}

/** Exit status of `memory audit`: 0 for healthy, in_progress and not_configured; 1 otherwise. */
export function auditExitsCleanly(audit: MemoryAudit): boolean {
  return audit.status === "healthy" || audit.status === "in_progress" || audit.status === "not_configured";
}
