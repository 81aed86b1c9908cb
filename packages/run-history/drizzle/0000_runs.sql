CREATE TABLE `run_private_fields` (
	`run_id` text PRIMARY KEY NOT NULL,
	`system_prompt` text,
	`provider_session_metadata_json` text,
	`recalled_memory_json` text,
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`run_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `runs` (
	`run_id` text PRIMARY KEY NOT NULL,
	`conversation_id` text NOT NULL,
	`logical_conversation_id` text NOT NULL,
	`rollover_bucket` text,
	`status` text NOT NULL,
	`started_at_ms` integer NOT NULL,
	`ended_at_ms` integer,
	`updated_at_ms` integer NOT NULL,
	`duration_ms` integer,
	`model` text NOT NULL,
	`effort` text,
	`source` text NOT NULL,
	`source_detail` text,
	`user_input` text NOT NULL,
	`failure_kind` text,
	`error` text,
	`input_tokens` integer DEFAULT 0 NOT NULL,
	`output_tokens` integer DEFAULT 0 NOT NULL,
	`total_tokens` integer DEFAULT 0 NOT NULL,
	`cost_usd` real DEFAULT 0 NOT NULL,
	`tool_call_count` integer DEFAULT 0 NOT NULL,
	`tool_error_count` integer DEFAULT 0 NOT NULL,
	`tools_json` text DEFAULT '[]' NOT NULL,
	`mcp_servers_used_json` text DEFAULT '[]' NOT NULL,
	`warnings_json` text DEFAULT '[]' NOT NULL,
	`final_output` text,
	`event_count` integer DEFAULT 0 NOT NULL,
	`events_dropped` integer DEFAULT 0 NOT NULL,
	`owner_pid` integer NOT NULL,
	`owner_start_token` text NOT NULL,
	`owner_host` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `runs_updated` ON `runs` (`updated_at_ms`,`run_id`);--> statement-breakpoint
CREATE INDEX `runs_logical_conversation_updated` ON `runs` (`logical_conversation_id`,`updated_at_ms`,`run_id`);--> statement-breakpoint
CREATE INDEX `runs_conversation_updated` ON `runs` (`conversation_id`,`updated_at_ms`,`run_id`);--> statement-breakpoint
CREATE INDEX `runs_status_started` ON `runs` (`status`,`started_at_ms`);--> statement-breakpoint
CREATE INDEX `runs_started` ON `runs` (`started_at_ms`);