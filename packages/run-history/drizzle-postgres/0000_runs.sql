-- Edited after drizzle-kit: run ids are COLLATE "C" (byte order, as on SQLite) and references name no schema
-- (the pool's search_path is the configured schema).
CREATE TABLE "run_events" (
	"run_id" text COLLATE "C" NOT NULL,
	"seq" integer NOT NULL,
	"json" text NOT NULL,
	CONSTRAINT "run_events_run_id_seq_pk" PRIMARY KEY("run_id","seq")
);
--> statement-breakpoint
CREATE TABLE "run_private_fields" (
	"run_id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"system_prompt" text,
	"provider_session_metadata_json" text,
	"recalled_memory_json" text
);
--> statement-breakpoint
CREATE TABLE "run_store_counters" (
	"name" text PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "runs" (
	"run_id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"logical_conversation_id" text NOT NULL,
	"rollover_bucket" text,
	"status" text NOT NULL,
	"started_at_ms" bigint NOT NULL,
	"ended_at_ms" bigint,
	"updated_at_ms" bigint NOT NULL,
	"duration_ms" bigint,
	"model" text NOT NULL,
	"effort" text,
	"source" text NOT NULL,
	"source_detail" text,
	"user_input" text NOT NULL,
	"failure_kind" text,
	"error" text,
	"input_tokens" bigint DEFAULT 0 NOT NULL,
	"output_tokens" bigint DEFAULT 0 NOT NULL,
	"total_tokens" bigint DEFAULT 0 NOT NULL,
	"cost_usd" double precision DEFAULT 0 NOT NULL,
	"tool_call_count" integer DEFAULT 0 NOT NULL,
	"tool_error_count" integer DEFAULT 0 NOT NULL,
	"tools_json" text DEFAULT '[]' NOT NULL,
	"mcp_servers_used_json" text DEFAULT '[]' NOT NULL,
	"warnings_json" text DEFAULT '[]' NOT NULL,
	"final_output" text,
	"event_count" integer DEFAULT 0 NOT NULL,
	"events_dropped" integer DEFAULT 0 NOT NULL,
	"owner_pid" integer NOT NULL,
	"owner_start_token" text NOT NULL,
	"owner_host" text NOT NULL,
	"settled_sequence" bigint
);
--> statement-breakpoint
ALTER TABLE "run_events" ADD CONSTRAINT "run_events_run_id_runs_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "runs"("run_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_private_fields" ADD CONSTRAINT "run_private_fields_run_id_runs_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "runs"("run_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "runs_updated" ON "runs" USING btree ("updated_at_ms","run_id");--> statement-breakpoint
CREATE INDEX "runs_logical_conversation_updated" ON "runs" USING btree ("logical_conversation_id","updated_at_ms","run_id");--> statement-breakpoint
CREATE INDEX "runs_conversation_updated" ON "runs" USING btree ("conversation_id","updated_at_ms","run_id");--> statement-breakpoint
CREATE INDEX "runs_status_started" ON "runs" USING btree ("status","started_at_ms");--> statement-breakpoint
CREATE INDEX "runs_started" ON "runs" USING btree ("started_at_ms");--> statement-breakpoint
CREATE INDEX "runs_logical_conversation_settled" ON "runs" USING btree ("logical_conversation_id","settled_sequence","run_id");--> statement-breakpoint
CREATE INDEX "runs_conversation_settled" ON "runs" USING btree ("conversation_id","settled_sequence","run_id");