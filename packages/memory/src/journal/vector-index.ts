import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { openSqliteDatabase } from "@mono-agent/storage/sqlite";
import type Database from "better-sqlite3";

/** The vectors file of a generation. */
export const VECTORS_FILE = "vectors.db";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS vectors (id TEXT PRIMARY KEY, vec BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`;

/**
 * The vectors of one index generation: unit-length Float32 blobs in SQLite, beside the FTS index, and
 * a contiguous in-memory copy searched exactly (brute-force dot products). One model and dimension per
 * generation: the file records both and refuses another.
 */
export class VectorIndex {
  private ids: string[] = [];
  private readonly positions = new Map<string, number>();
  private matrix: Float32Array;
  private readonly put: Database.Statement;

  private constructor(
    private readonly db: Database.Database,
    readonly dim: number,
  ) {
    this.matrix = new Float32Array(dim * 1024);
    this.put = db.prepare("INSERT OR REPLACE INTO vectors (id, vec) VALUES (?, ?)");
    for (const row of db.prepare("SELECT id, vec FROM vectors").iterate() as Iterable<{
      id: string;
      vec: Buffer;
    }>) {
      if (row.vec.byteLength !== dim * 4) continue;
      this.place(row.id, new Float32Array(Uint8Array.from(row.vec).buffer));
    }
  }

  /** Opens (creating) the vectors of generation folder `dir` for `model` and `dim`. */
  static open(dir: string, model: string, dim: number): VectorIndex {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const db = openSqliteDatabase({
      file: join(dir, VECTORS_FILE),
      busyTimeoutMs: 5_000,
      synchronous: "NORMAL",
    });
    db.exec(SCHEMA);
    const meta = new Map(
      (db.prepare("SELECT key, value FROM meta").all() as Array<{ key: string; value: string }>).map(
        (row) => [row.key, row.value],
      ),
    );
    if (meta.size === 0) {
      db.prepare("INSERT INTO meta (key, value) VALUES ('model', ?), ('dim', ?)").run(model, String(dim));
    } else if (meta.get("model") !== model || meta.get("dim") !== String(dim)) {
      db.close();
      throw new Error(
        `the index generation holds vectors of ${meta.get("model")} (${meta.get("dim")} dimensions), not ${model} (${dim})`,
      );
    }
    return new VectorIndex(db, dim);
  }

  get size(): number {
    return this.ids.length;
  }

  has(id: string): boolean {
    return this.positions.has(id);
  }

  private place(id: string, vector: Float32Array): void {
    let position = this.positions.get(id);
    if (position === undefined) {
      position = this.ids.length;
      if ((position + 1) * this.dim > this.matrix.length) {
        const grown = new Float32Array(this.matrix.length * 2);
        grown.set(this.matrix);
        this.matrix = grown;
      }
      this.ids.push(id);
      this.positions.set(id, position);
    }
    this.matrix.set(vector, position * this.dim);
  }

  /** Stores unit-length vectors durably (one transaction) and in memory. */
  add(entries: ReadonlyArray<{ id: string; vector: Float32Array }>): void {
    for (const entry of entries)
      if (entry.vector.length !== this.dim) throw new Error("a vector of another dimension was refused");
    this.db.transaction(() => {
      for (const entry of entries)
        this.put.run(
          entry.id,
          Buffer.from(entry.vector.buffer, entry.vector.byteOffset, entry.vector.byteLength),
        );
    })();
    for (const entry of entries) this.place(entry.id, entry.vector);
  }

  /** The `k` nearest ids by cosine similarity (vectors are unit length), at least `minScore`. */
  search(query: Float32Array, k: number, minScore: number): Array<{ id: string; score: number }> {
    const { dim, matrix } = this;
    const best: Array<{ id: string; score: number }> = [];
    for (let row = 0; row < this.ids.length; row++) {
      let dot = 0;
      const base = row * dim;
      for (let i = 0; i < dim; i++) dot += (matrix[base + i] as number) * (query[i] as number);
      if (dot < minScore) continue;
      if (best.length === k && dot <= (best[k - 1] as { score: number }).score) continue;
      let at = best.length === k ? k - 1 : best.length;
      while (at > 0 && (best[at - 1] as { score: number }).score < dot) at--;
      best.splice(at, 0, { id: this.ids[row] as string, score: dot });
      if (best.length > k) best.pop();
    }
    return best;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
