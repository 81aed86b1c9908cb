CREATE TABLE "continuation_secret" (
	"slot" integer PRIMARY KEY NOT NULL,
	"secret_hex" text NOT NULL,
	"created_at_ms" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "continuations" (
	"continuation_id" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"server_name" text NOT NULL,
	"origin_run_id" text NOT NULL,
	"origin_conversation_id" text NOT NULL,
	"reply_to" text,
	"history_boundary" text NOT NULL,
	"mode" text NOT NULL,
	"route_name" text,
	"destination_conversation_id" text,
	"fingerprint" text NOT NULL,
	"task_key" text NOT NULL,
	"task_hash" text NOT NULL,
	"deadline_ms" bigint NOT NULL,
	"result_token_digest" text NOT NULL,
	"claimed_at_ms" bigint NOT NULL,
	"updated_at_ms" bigint NOT NULL,
	"result_idempotency_key" text,
	"result_payload_hash" text,
	"result_payload_json" text,
	"result_received_at_ms" bigint,
	"origin_context_state" text NOT NULL,
	"origin_context_hash" text,
	"synthesis_attempts" integer DEFAULT 0 NOT NULL,
	"synthesized_text" text,
	"completion_kind" text,
	"synthesis_usage_json" text,
	"delivery_attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at_ms" bigint,
	"delivery_started_at_ms" bigint,
	"lease_owner" text,
	"lease_expires_at_ms" bigint,
	"last_error_code" text,
	"last_error_message" text,
	"receipt_json" text
);
--> statement-breakpoint
CREATE TABLE "continuation_last_retention_sweep" (
	"slot" integer PRIMARY KEY NOT NULL,
	"swept_at_ms" bigint NOT NULL,
	"deleted_records" integer NOT NULL,
	"scrubbed_captured_texts" integer NOT NULL,
	"released_origin_contexts" integer NOT NULL,
	"error_code" text,
	"error_message" text
);
--> statement-breakpoint
CREATE TABLE "continuation_origin_contexts" (
	"context_hash" text PRIMARY KEY NOT NULL,
	"body_json" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_at_ms" bigint NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "continuations_task" ON "continuations" USING btree ("server_name","origin_run_id","task_key");--> statement-breakpoint
CREATE INDEX "continuations_state" ON "continuations" USING btree ("state");--> statement-breakpoint
CREATE INDEX "continuations_fingerprint" ON "continuations" USING btree ("fingerprint","state");--> statement-breakpoint
CREATE INDEX "continuations_origin_run" ON "continuations" USING btree ("origin_run_id");--> statement-breakpoint
CREATE INDEX "continuations_listing" ON "continuations" USING btree ("claimed_at_ms","continuation_id");