CREATE TABLE `tombstones` (
	`record_id` text PRIMARY KEY NOT NULL,
	`conversation_id` text NOT NULL,
	`scope_conversation_id` text NOT NULL,
	`run_id` text NOT NULL,
	`tool_call_id` text NOT NULL,
	`isolated` integer NOT NULL,
	`reason` text NOT NULL,
	`removed_at_ms` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `tombstones_removed_at` ON `tombstones` (`removed_at_ms`);--> statement-breakpoint
CREATE INDEX `tombstones_scope` ON `tombstones` (`scope_conversation_id`);--> statement-breakpoint
CREATE INDEX `tombstones_tool_call_id` ON `tombstones` (`tool_call_id`);--> statement-breakpoint
CREATE TABLE `tool_calls` (
	`row_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`invocation_record_id` text NOT NULL,
	`result_record_id` text,
	`conversation_id` text NOT NULL,
	`scope_conversation_id` text NOT NULL,
	`run_id` text NOT NULL,
	`tool_call_id` text NOT NULL,
	`tool_name` text NOT NULL,
	`start_sequence` integer NOT NULL,
	`end_sequence` integer,
	`state` text,
	`failure_kind` text,
	`detail_code` text,
	`isolated` integer NOT NULL,
	`recovered` integer DEFAULT false NOT NULL,
	`run_started_at_ms` integer NOT NULL,
	`started_at_ms` integer NOT NULL,
	`ended_at_ms` integer,
	`execution_ms` integer,
	`owner_id` text NOT NULL,
	`invocation_payload` text NOT NULL,
	`invocation_original_bytes` integer NOT NULL,
	`invocation_retained_bytes` integer NOT NULL,
	`invocation_truncated` integer NOT NULL,
	`result_payload` text,
	`result_original_bytes` integer,
	`result_retained_bytes` integer,
	`result_truncated` integer,
	`artifacts` text DEFAULT '[]' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tool_calls_invocation_record_id_unique` ON `tool_calls` (`invocation_record_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `tool_calls_result_record_id_unique` ON `tool_calls` (`result_record_id`);--> statement-breakpoint
CREATE INDEX `tool_calls_scope_order` ON `tool_calls` (`scope_conversation_id`,`run_started_at_ms`,`run_id`,`start_sequence`,`tool_call_id`,`invocation_record_id`);--> statement-breakpoint
CREATE INDEX `tool_calls_tool_call_id` ON `tool_calls` (`tool_call_id`);--> statement-breakpoint
CREATE INDEX `tool_calls_ended_at` ON `tool_calls` (`ended_at_ms`);--> statement-breakpoint
CREATE INDEX `tool_calls_run` ON `tool_calls` (`run_id`);--> statement-breakpoint
CREATE TABLE `writer_owners` (
	`owner_id` text PRIMARY KEY NOT NULL,
	`pid` integer NOT NULL,
	`started_at_ms` integer NOT NULL,
	`closed_at_ms` integer
);
