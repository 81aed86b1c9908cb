CREATE TABLE `last_retention_sweep` (
	`slot` integer PRIMARY KEY NOT NULL,
	`swept_at_ms` integer NOT NULL,
	`deleted_records` integer NOT NULL,
	`scrubbed_captured_texts` integer NOT NULL,
	`released_origin_contexts` integer NOT NULL,
	`error_code` text,
	`error_message` text
);
