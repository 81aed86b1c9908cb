import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { processAlive } from "@mono-agent/storage/node";
import { FORGET_BACKUP_MAX_AGE_DAYS, FORGET_BACKUPS_KEPT } from "../limits.js";
import { formatBullet, formatDailyFile, parseDailyFile } from "../memory-bullet.js";
import { MemoryError } from "../memory-error.js";
import { canonicalSourceFingerprint, listCanonicalFiles, readSource } from "./canonical-source.js";
import { sha256Hex } from "./content-hash.js";
import { readForgetPlan, rootFingerprint } from "./forget-plan.js";
import { FORGET_BACKUP_PREFIX, MAINTENANCE_FILE, sourcePath } from "./memory-paths.js";
import { rebuildMemoryIndexAt } from "./rebuild-memory-index.js";
import { runningAgentPid } from "./runtime-marker.js";
import { acquireWriterLock, readWriterLock } from "./writer-lock.js";

const DAY_MS = 86_400_000;
const BACKUP_MANIFEST = "manifest.json";

/** The manifest of a forget backup. */
export interface ForgetBackupManifest {
  schemaVersion: 1;
  planChecksum: string;
  rootFingerprint: string;
  sourceFingerprintBefore: string;
  /** The canonical source right after the apply; restore requires it unchanged. */
  sourceFingerprintAfter?: string;
  files: Array<{ source: string; sha256: string }>;
  createdAt: string;
}

/** Refuses maintenance while an agent has the store open or another process holds the writer lock. */
export function assertAgentStopped(root: string): void {
  const pid = runningAgentPid(root);
  const holder = readWriterLock(root);
  if (pid !== undefined || (holder && holder.pid !== process.pid && processAlive(holder.pid))) {
    throw new MemoryError(
      "agent_running",
      `An agent is using this memory (pid ${pid ?? holder?.pid}); stop it, then run the command again.`,
    );
  }
}

function writeFileAtomically(path: string, content: string | Buffer): void {
  const temporary = `${path}.tmp-${process.pid}`;
  writeFileSync(temporary, content, { mode: 0o600 });
  const descriptor = openSync(temporary, "r");
  try {
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
  renameSync(temporary, path);
}

/** Copies every canonical file into `backupDir` and verifies each copy's hash. */
function writeVerifiedBackup(
  root: string,
  backupDir: string,
  manifest: Omit<ForgetBackupManifest, "files">,
): ForgetBackupManifest {
  mkdirSync(backupDir, { recursive: false, mode: 0o700 });
  const files = listCanonicalFiles(root).map((file) => {
    const target = sourcePath(backupDir, file.source);
    mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
    copyFileSync(sourcePath(root, file.source), target);
    const original = sha256Hex(readFileSync(sourcePath(root, file.source)));
    if (sha256Hex(readFileSync(target)) !== original) {
      throw new MemoryError(
        "backup_failed",
        "A backup copy did not match its original; nothing was changed.",
      );
    }
    return { source: file.source, sha256: original };
  });
  const full: ForgetBackupManifest = { ...manifest, files };
  writeFileAtomically(join(backupDir, BACKUP_MANIFEST), JSON.stringify(full, null, 2));
  return full;
}

/** Copies the backup's files back over the canonical source. */
function copyBackBackup(root: string, backupDir: string, manifest: ForgetBackupManifest): void {
  for (const file of manifest.files) {
    const content = readFileSync(sourcePath(backupDir, file.source));
    if (sha256Hex(content) !== file.sha256) throw new Error(`backup copy of ${file.source} is corrupt`);
    mkdirSync(dirname(sourcePath(root, file.source)), { recursive: true, mode: 0o700 });
    writeFileAtomically(sourcePath(root, file.source), content);
  }
}

/** Keeps the 3 newest forget backups of this root's folder and removes any older than 30 days. */
export function pruneForgetBackups(root: string, now: Date = new Date()): string[] {
  const parent = dirname(root);
  const backups = readdirSync(parent)
    .filter((name) => name.startsWith(FORGET_BACKUP_PREFIX))
    .map((name) => ({ path: join(parent, name), mtimeMs: statSync(join(parent, name)).mtimeMs }))
    .sort((left, right) => right.mtimeMs - left.mtimeMs);
  const removed: string[] = [];
  backups.forEach((backup, position) => {
    if (
      position >= FORGET_BACKUPS_KEPT ||
      now.getTime() - backup.mtimeMs > FORGET_BACKUP_MAX_AGE_DAYS * DAY_MS
    ) {
      rmSync(backup.path, { recursive: true, force: true });
      removed.push(backup.path);
    }
  });
  return removed;
}

async function rebuildIndex(root: string): Promise<void> {
  rebuildMemoryIndexAt(root);
}

/**
 * Phase two of forget: only while no agent uses the store. Holds the writer lock, writes a verified
 * sibling backup and a maintenance record that blocks writers, marks each planned bullet `dropped`
 * with a terminal timestamp, rebuilds the index, then prunes old backups.
 *
 * @throws MemoryError `invalid_plan`, `agent_running`, `writer_busy`, `plan_stale`, `backup_failed`,
 * `apply_recovery_failed`.
 */
export async function applyForget(options: {
  root: string;
  planPath: string;
  now?: () => Date;
}): Promise<{ backupDir: string; dropped: string[]; prunedBackups: string[] }> {
  const { root } = options;
  const now = options.now ?? (() => new Date());
  const plan = readForgetPlan(root, options.planPath);
  assertAgentStopped(root);
  const lock = await acquireWriterLock(root, { waitMs: 0 });
  try {
    if (canonicalSourceFingerprint(root) !== plan.sourceFingerprint) {
      throw new MemoryError(
        "plan_stale",
        "The memory changed since the plan was prepared; prepare a new plan.",
      );
    }
    const backupDir = join(dirname(root), `${FORGET_BACKUP_PREFIX}${plan.checksum.slice(0, 24)}`);
    if (existsSync(backupDir)) {
      throw new MemoryError(
        "backup_failed",
        `A backup for this plan already exists at ${backupDir}; prepare a new plan.`,
      );
    }
    let manifest: ForgetBackupManifest;
    try {
      manifest = writeVerifiedBackup(root, backupDir, {
        schemaVersion: 1,
        planChecksum: plan.checksum,
        rootFingerprint: rootFingerprint(root),
        sourceFingerprintBefore: plan.sourceFingerprint,
        createdAt: now().toISOString(),
      });
    } catch (error) {
      rmSync(backupDir, { recursive: true, force: true });
      if (MemoryError.isInstance(error)) throw error;
      throw new MemoryError("backup_failed", "The forget backup could not be written; nothing was changed.", {
        cause: error,
      });
    }
    writeFileAtomically(
      join(root, MAINTENANCE_FILE),
      JSON.stringify({
        schemaVersion: 1,
        kind: "forget-apply",
        planChecksum: plan.checksum,
        backup: basename(backupDir),
      }),
    );
    const terminalAt = now().toISOString();
    const remaining = new Set(plan.ids);
    try {
      for (const file of listCanonicalFiles(root)) {
        const lines = parseDailyFile(readSource(root, file.source) ?? "");
        let changed = false;
        for (const line of lines) {
          if (line.kind !== "bullet" || !remaining.has(line.bullet.id)) continue;
          remaining.delete(line.bullet.id);
          const dropped = {
            ...line.bullet,
            status: "dropped" as const,
            extra: { ...line.bullet.extra, terminal: terminalAt, reason: plan.reason },
          };
          line.sourceLines = formatBullet(dropped).split("\n");
          changed = true;
        }
        if (changed) writeFileAtomically(sourcePath(root, file.source), formatDailyFile(lines));
      }
      await rebuildIndex(root);
      manifest.sourceFingerprintAfter = canonicalSourceFingerprint(root);
      writeFileAtomically(join(backupDir, BACKUP_MANIFEST), JSON.stringify(manifest, null, 2));
    } catch (error) {
      try {
        copyBackBackup(root, backupDir, manifest);
        await rebuildIndex(root);
      } catch (recoveryError) {
        throw new MemoryError(
          "apply_recovery_failed",
          `Forget apply failed and the memory could not be restored automatically; restore it from ${backupDir} with \`mono-agent memory forget restore --backup ${backupDir}\`. Writers stay blocked by ${MAINTENANCE_FILE}.`,
          { cause: recoveryError },
        );
      }
      rmSync(join(root, MAINTENANCE_FILE), { force: true });
      throw new MemoryError(
        "store_unavailable",
        "Forget apply failed; the memory was restored from the backup unchanged.",
        {
          cause: error,
        },
      );
    }
    rmSync(join(root, MAINTENANCE_FILE), { force: true });
    const prunedBackups = pruneForgetBackups(root, now()).filter((path) => path !== backupDir);
    return { backupDir, dropped: plan.ids, prunedBackups };
  } finally {
    lock.release();
  }
}

/**
 * Restores a forget backup: only while no agent uses the store and no durable change happened since
 * the apply. Rebuilds the index afterwards.
 *
 * @throws MemoryError `restore_failed`, `agent_running`, `writer_busy`.
 */
export async function restoreForget(options: {
  root: string;
  backupDir: string;
}): Promise<{ restoredFiles: number }> {
  const { root, backupDir } = options;
  let manifest: ForgetBackupManifest;
  try {
    manifest = JSON.parse(readFileSync(join(backupDir, BACKUP_MANIFEST), "utf8")) as ForgetBackupManifest;
  } catch (error) {
    throw new MemoryError(
      "restore_failed",
      `${backupDir} is not a forget backup (no readable ${BACKUP_MANIFEST}).`,
      { cause: error },
    );
  }
  if (manifest.rootFingerprint !== rootFingerprint(root)) {
    throw new MemoryError("restore_failed", "This backup belongs to another memory root.");
  }
  assertAgentStopped(root);
  const lock = await acquireWriterLock(root, { waitMs: 0 });
  try {
    if (
      !manifest.sourceFingerprintAfter ||
      canonicalSourceFingerprint(root) !== manifest.sourceFingerprintAfter
    ) {
      throw new MemoryError(
        "restore_failed",
        "The memory changed after this forget was applied (or the apply did not finish); restoring would lose that change.",
      );
    }
    writeFileAtomically(
      join(root, MAINTENANCE_FILE),
      JSON.stringify({ schemaVersion: 1, kind: "forget-restore", backup: basename(backupDir) }),
    );
    try {
      copyBackBackup(root, backupDir, manifest);
      await rebuildIndex(root);
    } catch (error) {
      throw new MemoryError(
        "restore_failed",
        "The backup could not be copied back; writers stay blocked until a restore succeeds.",
        {
          cause: error,
        },
      );
    }
    rmSync(join(root, MAINTENANCE_FILE), { force: true });
    return { restoredFiles: manifest.files.length };
  } finally {
    lock.release();
  }
}
