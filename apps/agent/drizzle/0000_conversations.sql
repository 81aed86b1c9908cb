CREATE TABLE `conversation_messages` (
	`row_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`conversation_id` text NOT NULL,
	`sequence` integer NOT NULL,
	`run_id` text NOT NULL,
	`role` text NOT NULL,
	`message_json` text NOT NULL,
	`created_at_ms` integer NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`conversation_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversation_messages_sequence` ON `conversation_messages` (`conversation_id`,`sequence`);--> statement-breakpoint
CREATE INDEX `conversation_messages_run` ON `conversation_messages` (`conversation_id`,`run_id`);--> statement-breakpoint
CREATE TABLE `conversations` (
	`conversation_id` text PRIMARY KEY NOT NULL,
	`created_at_ms` integer NOT NULL,
	`updated_at_ms` integer NOT NULL
);
