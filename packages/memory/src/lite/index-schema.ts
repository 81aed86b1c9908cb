/**
 * The lite index schema, applied on open (checked in as SQL: the FTS5 virtual table and its
 * triggers are outside what drizzle-kit generates). `user_version` records the applied version.
 */
export const INDEX_SCHEMA_VERSION = 1;

export const INDEX_SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS memories (
  rowid INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  text TEXT NOT NULL,
  type TEXT NOT NULL,
  status TEXT NOT NULL,
  created_at TEXT NOT NULL,
  created_ms INTEGER NOT NULL,
  due_at TEXT,
  source_file TEXT NOT NULL,
  source_line INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS memories_by_created ON memories (created_ms, id);
CREATE INDEX IF NOT EXISTS memories_by_source ON memories (source_file);
CREATE VIRTUAL TABLE IF NOT EXISTS memories_fts USING fts5(
  text, content = 'memories', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2'
);
CREATE TRIGGER IF NOT EXISTS memories_after_insert AFTER INSERT ON memories BEGIN
  INSERT INTO memories_fts (rowid, text) VALUES (new.rowid, new.text);
END;
CREATE TRIGGER IF NOT EXISTS memories_after_delete AFTER DELETE ON memories BEGIN
  INSERT INTO memories_fts (memories_fts, rowid, text) VALUES ('delete', old.rowid, old.text);
END;
CREATE TRIGGER IF NOT EXISTS memories_after_update AFTER UPDATE ON memories BEGIN
  INSERT INTO memories_fts (memories_fts, rowid, text) VALUES ('delete', old.rowid, old.text);
  INSERT INTO memories_fts (rowid, text) VALUES (new.rowid, new.text);
END;
CREATE TABLE IF NOT EXISTS remember_intents (
  id TEXT PRIMARY KEY,
  source_file TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS sources (
  file TEXT PRIMARY KEY,
  size INTEGER NOT NULL,
  mtime_ms REAL NOT NULL
);
`;
