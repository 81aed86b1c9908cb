-- Searchable redacted text of completed calls (lower-cased tool name, arguments and result).
-- Trigram tokens make GLOB '*term*' substring matches index lookups; rowid = tool_calls.row_id.
CREATE VIRTUAL TABLE `tool_call_text` USING fts5(`text`, tokenize = 'trigram case_sensitive 1', detail = none);
