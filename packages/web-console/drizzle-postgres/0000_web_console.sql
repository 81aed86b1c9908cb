CREATE TABLE "web_event_payloads" (
	"payload_id" bigserial PRIMARY KEY NOT NULL,
	"payload_json" text NOT NULL,
	"created_at_ms" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "web_threads" (
	"thread_id" text PRIMARY KEY NOT NULL,
	"origin" text NOT NULL,
	"title" text,
	"title_source" text,
	"title_locked" integer DEFAULT 0 NOT NULL,
	"first_message" text,
	"archived_at_ms" bigint,
	"created_at_ms" bigint NOT NULL,
	"updated_at_ms" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "web_tool_calls" (
	"row_id" bigserial PRIMARY KEY NOT NULL,
	"turn_id" text NOT NULL,
	"tool_call_id" text NOT NULL,
	"name" text NOT NULL,
	"arguments_json" text NOT NULL,
	"status" text NOT NULL,
	"result_preview" text,
	"progress" text,
	"note" text,
	"duration_ms" bigint
);
--> statement-breakpoint
CREATE TABLE "web_turns" (
	"turn_id" text PRIMARY KEY NOT NULL,
	"thread_id" text NOT NULL,
	"sequence" integer NOT NULL,
	"run_id" text,
	"model" text,
	"user_text" text NOT NULL,
	"attachments_json" text,
	"assistant_text" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"error_text" text,
	"started_at_ms" bigint NOT NULL,
	"finished_at_ms" bigint,
	"owner_host" text
);
--> statement-breakpoint
ALTER TABLE "web_tool_calls" ADD CONSTRAINT "web_tool_calls_turn_id_web_turns_turn_id_fk" FOREIGN KEY ("turn_id") REFERENCES "web_turns"("turn_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_turns" ADD CONSTRAINT "web_turns_thread_id_web_threads_thread_id_fk" FOREIGN KEY ("thread_id") REFERENCES "web_threads"("thread_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "web_event_payloads_created" ON "web_event_payloads" USING btree ("created_at_ms");--> statement-breakpoint
CREATE INDEX "web_threads_updated" ON "web_threads" USING btree ("archived_at_ms","updated_at_ms");--> statement-breakpoint
CREATE UNIQUE INDEX "web_tool_calls_call" ON "web_tool_calls" USING btree ("turn_id","tool_call_id");--> statement-breakpoint
CREATE UNIQUE INDEX "web_turns_sequence" ON "web_turns" USING btree ("thread_id","sequence");--> statement-breakpoint
CREATE INDEX "web_turns_running" ON "web_turns" USING btree ("status","owner_host");