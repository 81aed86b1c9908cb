CREATE TABLE `continuations` (
	`continuation_id` text PRIMARY KEY NOT NULL,
	`state` text NOT NULL,
	`server_name` text NOT NULL,
	`origin_run_id` text NOT NULL,
	`origin_conversation_id` text NOT NULL,
	`reply_to` text,
	`history_boundary` text NOT NULL,
	`mode` text NOT NULL,
	`route_name` text,
	`destination_conversation_id` text,
	`fingerprint` text NOT NULL,
	`task_key` text NOT NULL,
	`task_hash` text NOT NULL,
	`deadline_ms` integer NOT NULL,
	`result_token_digest` text NOT NULL,
	`claimed_at_ms` integer NOT NULL,
	`updated_at_ms` integer NOT NULL,
	`result_idempotency_key` text,
	`result_payload_hash` text,
	`result_payload_json` text,
	`result_received_at_ms` integer,
	`origin_context_state` text NOT NULL,
	`origin_context_hash` text,
	`synthesis_attempts` integer DEFAULT 0 NOT NULL,
	`synthesized_text` text,
	`completion_kind` text,
	`delivery_attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at_ms` integer,
	`delivery_started_at_ms` integer,
	`lease_owner` text,
	`lease_expires_at_ms` integer,
	`last_error_code` text,
	`last_error_message` text,
	`receipt_json` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `continuations_task` ON `continuations` (`server_name`,`origin_run_id`,`task_key`);--> statement-breakpoint
CREATE INDEX `continuations_state` ON `continuations` (`state`);--> statement-breakpoint
CREATE INDEX `continuations_fingerprint` ON `continuations` (`fingerprint`,`state`);--> statement-breakpoint
CREATE INDEX `continuations_origin_run` ON `continuations` (`origin_run_id`);--> statement-breakpoint
CREATE INDEX `continuations_listing` ON `continuations` (`claimed_at_ms`,`continuation_id`);--> statement-breakpoint
CREATE TABLE `origin_contexts` (
	`context_hash` text PRIMARY KEY NOT NULL,
	`body_json` text NOT NULL,
	`bytes` integer NOT NULL,
	`created_at_ms` integer NOT NULL
);
