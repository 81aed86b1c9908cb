CREATE TABLE `web_threads` (
	`thread_id` text PRIMARY KEY NOT NULL,
	`origin` text NOT NULL,
	`title` text,
	`title_source` text,
	`title_locked` integer DEFAULT 0 NOT NULL,
	`first_message` text,
	`archived_at_ms` integer,
	`created_at_ms` integer NOT NULL,
	`updated_at_ms` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `web_threads_updated` ON `web_threads` (`archived_at_ms`,`updated_at_ms`);--> statement-breakpoint
CREATE TABLE `web_tool_calls` (
	`row_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`turn_id` text NOT NULL,
	`tool_call_id` text NOT NULL,
	`name` text NOT NULL,
	`arguments_json` text NOT NULL,
	`status` text NOT NULL,
	`result_preview` text,
	`progress` text,
	`note` text,
	`duration_ms` integer,
	FOREIGN KEY (`turn_id`) REFERENCES `web_turns`(`turn_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `web_tool_calls_call` ON `web_tool_calls` (`turn_id`,`tool_call_id`);--> statement-breakpoint
CREATE TABLE `web_turns` (
	`turn_id` text PRIMARY KEY NOT NULL,
	`thread_id` text NOT NULL,
	`sequence` integer NOT NULL,
	`run_id` text,
	`model` text,
	`user_text` text NOT NULL,
	`assistant_text` text DEFAULT '' NOT NULL,
	`status` text NOT NULL,
	`error_text` text,
	`started_at_ms` integer NOT NULL,
	`finished_at_ms` integer,
	FOREIGN KEY (`thread_id`) REFERENCES `web_threads`(`thread_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `web_turns_sequence` ON `web_turns` (`thread_id`,`sequence`);