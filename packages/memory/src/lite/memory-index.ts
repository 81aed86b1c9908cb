import { join } from "node:path";
import { openSqliteDatabase } from "@mono-agent/storage/sqlite";
import type Database from "better-sqlite3";
import type { MemoryBullet, MemoryStatus, MemoryType } from "../memory-bullet.js";
import type { JournalRecord, MemoryHit } from "../memory-store.js";
import { INDEX_SCHEMA_SQL, INDEX_SCHEMA_VERSION } from "./index-schema.js";
import { INDEX_DIR, INDEX_FILE } from "./memory-paths.js";

/** How long an index statement waits for another process's write, in ms. */
const INDEX_BUSY_TIMEOUT_MS = 5_000;

/** An indexed memory row. */
export interface IndexedMemory {
  id: string;
  status: MemoryStatus;
  sourceFile: string;
}

/** A file's fingerprint as the index last saw it. */
export interface SourceFingerprint {
  size: number;
  mtimeMs: number;
}

interface MemoryRow {
  id: string;
  text: string;
  type: MemoryType;
  status: MemoryStatus;
  created_at: string;
  created_ms: number;
  due_at: string | null;
  source_file: string;
  source_line: number;
}

/** The SQLite FTS5 projection of the canonical files; everything in it can be rebuilt from them. */
export class MemoryIndex {
  readonly db: Database.Database;

  private readonly statements = new Map<string, Database.Statement>();

  private constructor(db: Database.Database) {
    this.db = db;
  }

  /** A prepared statement, compiled once per index. */
  private statement(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  static open(root: string, options: { readonly?: boolean } = {}): MemoryIndex {
    const file = join(root, INDEX_DIR, INDEX_FILE);
    // Owner-only like its folder (memory text is private); SQLite gives its -wal and -shm files the
    // database file's mode. An index created 0644 by an earlier version is tightened on open. The index
    // is a projection of the canonical files (fsynced) and is re-synced from their fingerprints on open,
    // so its commits need not fsync: WAL + NORMAL survives a process kill.
    const db = openSqliteDatabase({
      file,
      readOnly: options.readonly === true,
      busyTimeoutMs: INDEX_BUSY_TIMEOUT_MS,
      synchronous: "NORMAL",
    });
    if (!options.readonly) {
      if ((db.pragma("user_version", { simple: true }) as number) < INDEX_SCHEMA_VERSION) {
        db.exec(INDEX_SCHEMA_SQL);
        db.pragma(`user_version = ${INDEX_SCHEMA_VERSION}`);
      }
    }
    return new MemoryIndex(db);
  }

  close(): void {
    this.db.close();
  }

  find(id: string): IndexedMemory | undefined {
    const row = this.statement("SELECT id, status, source_file FROM memories WHERE id = ?").get(id) as
      | { id: string; status: MemoryStatus; source_file: string }
      | undefined;
    return row && { id: row.id, status: row.status, sourceFile: row.source_file };
  }

  intents(): Array<{ id: string; sourceFile: string }> {
    return (
      this.statement("SELECT id, source_file FROM remember_intents").all() as Array<{
        id: string;
        source_file: string;
      }>
    ).map((row) => ({ id: row.id, sourceFile: row.source_file }));
  }

  addIntent(id: string, sourceFile: string, createdAt: string): void {
    this.statement(
      "INSERT OR REPLACE INTO remember_intents (id, source_file, created_at) VALUES (?, ?, ?)",
    ).run(id, sourceFile, createdAt);
  }

  dropIntent(id: string): void {
    this.statement("DELETE FROM remember_intents WHERE id = ?").run(id);
  }

  fingerprints(): Map<string, SourceFingerprint> {
    const rows = this.statement("SELECT file, size, mtime_ms FROM sources").all() as Array<{
      file: string;
      size: number;
      mtime_ms: number;
    }>;
    return new Map(rows.map((row) => [row.file, { size: row.size, mtimeMs: row.mtime_ms }]));
  }

  /** Inserts one bullet (first id wins) and records the file fingerprint, in one transaction. */
  insertBullet(
    sourceFile: string,
    bullet: MemoryBullet,
    fingerprint: SourceFingerprint,
    intentId?: string,
  ): void {
    this.db.transaction(() => {
      this.insert(sourceFile, bullet);
      this.setFingerprint(sourceFile, fingerprint);
      if (intentId) this.dropIntent(intentId);
    })();
  }

  /** Replaces every row of one file by its current bullets (first id across files wins). */
  replaceFile(
    sourceFile: string,
    bullets: readonly MemoryBullet[],
    fingerprint: SourceFingerprint | undefined,
  ): void {
    this.db.transaction(() => {
      this.statement("DELETE FROM memories WHERE source_file = ?").run(sourceFile);
      for (const bullet of bullets) this.insert(sourceFile, bullet);
      if (fingerprint) this.setFingerprint(sourceFile, fingerprint);
      else this.statement("DELETE FROM sources WHERE file = ?").run(sourceFile);
    })();
  }

  /** Empties the index (rows, intents, fingerprints) in the caller's transaction. */
  clear(): void {
    this.db.exec("DELETE FROM memories; DELETE FROM remember_intents; DELETE FROM sources;");
  }

  private insert(sourceFile: string, bullet: MemoryBullet): void {
    const createdMs = Date.parse(bullet.created);
    this.statement(
      `INSERT OR IGNORE INTO memories (id, text, type, status, created_at, created_ms, due_at, source_file, source_line)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      bullet.id,
      bullet.text,
      bullet.type,
      bullet.status,
      bullet.created,
      Number.isFinite(createdMs) ? createdMs : 0,
      bullet.due ?? null,
      sourceFile,
      bullet.line,
    );
  }

  private setFingerprint(file: string, fingerprint: SourceFingerprint): void {
    this.statement("INSERT OR REPLACE INTO sources (file, size, mtime_ms) VALUES (?, ?, ?)").run(
      file,
      fingerprint.size,
      fingerprint.mtimeMs,
    );
  }

  recall(query: string, limit: number): MemoryHit[] {
    const terms = query.normalize("NFKC").match(/[\p{L}\p{N}]+/gu) ?? [];
    if (terms.length === 0) return [];
    const match = [...new Set(terms.map((term) => term.toLowerCase()))]
      .map((term) => `"${term}"*`)
      .join(" OR ");
    const rows = this.statement(
      `SELECT m.id, m.text, m.type, m.status, bm25(memories_fts) AS rank
         FROM memories_fts JOIN memories m ON m.rowid = memories_fts.rowid
         WHERE memories_fts MATCH ? AND m.status NOT IN ('dropped', 'invalidated')
         ORDER BY rank, m.created_ms DESC LIMIT ?`,
    ).all(match, limit) as Array<{
      id: string;
      text: string;
      type: MemoryType;
      status: MemoryStatus;
      rank: number;
    }>;
    const best = Math.abs(rows[0]?.rank ?? 1) || 1;
    return rows.map((row) => ({
      id: row.id,
      text: row.text,
      type: row.type,
      status: row.status,
      score: Math.round((Math.abs(row.rank) / best) * 1000) / 1000,
    }));
  }

  /** Every current (not dropped or invalidated) memory's id and text, oldest first. */
  currentMemories(): Array<{ id: string; text: string }> {
    return this.statement(
      "SELECT id, text FROM memories WHERE status NOT IN ('dropped', 'invalidated') ORDER BY created_ms, id",
    ).all() as Array<{ id: string; text: string }>;
  }

  /** A page of current memories by rowid after `afterRowid` (the journal's backfill cursor). */
  currentMemoriesAfter(
    afterRowid: number,
    limit: number,
  ): Array<{ rowid: number; id: string; text: string }> {
    return this.statement(
      "SELECT rowid, id, text FROM memories WHERE rowid > ? AND status NOT IN ('dropped', 'invalidated') ORDER BY rowid LIMIT ?",
    ).all(afterRowid, limit) as Array<{ rowid: number; id: string; text: string }>;
  }

  /** The current memories among `ids` (score 0; the caller ranks them). */
  currentByIds(ids: readonly string[]): Map<string, MemoryHit> {
    const found = new Map<string, MemoryHit>();
    for (let start = 0; start < ids.length; start += 500) {
      const chunk = ids.slice(start, start + 500);
      const rows = this.db
        .prepare(
          `SELECT id, text, type, status FROM memories
             WHERE id IN (${chunk.map(() => "?").join(", ")}) AND status NOT IN ('dropped', 'invalidated')`,
        )
        .all(...chunk) as Array<{ id: string; text: string; type: MemoryType; status: MemoryStatus }>;
      for (const row of rows) found.set(row.id, { ...row, score: 0 });
    }
    return found;
  }

  browse(fromMs: number, toMs: number, limit: number): JournalRecord[] {
    const rows = this.statement(
      `SELECT id, text, type, status, created_at, created_ms, due_at, source_file, source_line FROM memories
         WHERE created_ms >= ? AND created_ms < ? AND status <> 'dropped'
         ORDER BY created_ms, id LIMIT ?`,
    ).all(fromMs, toMs, limit) as MemoryRow[];
    return rows.map((row) => ({
      id: row.id,
      text: row.text,
      type: row.type,
      status: row.status,
      createdAt: row.created_at,
      createdMs: row.created_ms,
      ...(row.due_at ? { dueAt: row.due_at } : {}),
      sourceFile: row.source_file,
      sourceLine: row.source_line,
    }));
  }

  counts(): { memories: number; dropped: number; pendingIntents: number } {
    const get = (sql: string) => (this.statement(sql).get() as { n: number }).n;
    return {
      memories: get("SELECT count(*) AS n FROM memories WHERE status <> 'dropped'"),
      dropped: get("SELECT count(*) AS n FROM memories WHERE status = 'dropped'"),
      pendingIntents: get("SELECT count(*) AS n FROM remember_intents"),
    };
  }
}
