-- Substring search over search_text: a pg_trgm GIN index serves LIKE '%term%'. Where the extension
-- cannot be created (no privilege, not installed), search still works, by scanning the scope's rows.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available (%): SessionHistory search scans instead of using a trigram index', SQLERRM;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  trgm_schema text;
BEGIN
  SELECT n.nspname INTO trgm_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
    WHERE e.extname = 'pg_trgm';
  IF trgm_schema IS NOT NULL THEN
    EXECUTE format(
      'CREATE INDEX IF NOT EXISTS session_tool_calls_search_trgm ON session_tool_calls USING gin (search_text %I.gin_trgm_ops)',
      trgm_schema
    );
  END IF;
END $$;
