-- Ordering and cursor keys compare bytewise (COLLATE "C"), as in SQLite, whatever the database locale.
CREATE TABLE "session_tool_tombstones" (
	"record_id" text PRIMARY KEY NOT NULL,
	"conversation_id" text COLLATE "C" NOT NULL,
	"scope_conversation_id" text COLLATE "C" NOT NULL,
	"run_id" text COLLATE "C" NOT NULL,
	"tool_call_id" text COLLATE "C" NOT NULL,
	"isolated" boolean NOT NULL,
	"reason" text NOT NULL,
	"removed_at_ms" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_tool_calls" (
	"row_id" bigserial PRIMARY KEY NOT NULL,
	"invocation_record_id" text COLLATE "C" NOT NULL,
	"result_record_id" text COLLATE "C",
	"conversation_id" text COLLATE "C" NOT NULL,
	"scope_conversation_id" text COLLATE "C" NOT NULL,
	"run_id" text COLLATE "C" NOT NULL,
	"tool_call_id" text COLLATE "C" NOT NULL,
	"tool_name" text NOT NULL,
	"start_sequence" integer NOT NULL,
	"end_sequence" integer,
	"state" text,
	"failure_kind" text,
	"detail_code" text,
	"isolated" boolean NOT NULL,
	"recovered" boolean DEFAULT false NOT NULL,
	"run_started_at_ms" bigint NOT NULL,
	"started_at_ms" bigint NOT NULL,
	"ended_at_ms" bigint,
	"execution_ms" bigint,
	"owner_id" text NOT NULL,
	"invocation_payload" text NOT NULL,
	"invocation_original_bytes" integer NOT NULL,
	"invocation_retained_bytes" integer NOT NULL,
	"invocation_truncated" boolean NOT NULL,
	"result_payload" text,
	"result_original_bytes" integer,
	"result_retained_bytes" integer,
	"result_truncated" boolean,
	"artifacts" text DEFAULT '[]' NOT NULL,
	"search_text" text NOT NULL,
	CONSTRAINT "session_tool_calls_invocation_record_id_unique" UNIQUE("invocation_record_id"),
	CONSTRAINT "session_tool_calls_result_record_id_unique" UNIQUE("result_record_id")
);
--> statement-breakpoint
CREATE TABLE "session_tool_writer_owners" (
	"owner_id" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at_ms" bigint NOT NULL,
	"closed_at_ms" bigint
);
--> statement-breakpoint
CREATE INDEX "session_tool_tombstones_removed_at" ON "session_tool_tombstones" USING btree ("removed_at_ms");--> statement-breakpoint
CREATE INDEX "session_tool_tombstones_scope" ON "session_tool_tombstones" USING btree ("scope_conversation_id");--> statement-breakpoint
CREATE INDEX "session_tool_tombstones_tool_call_id" ON "session_tool_tombstones" USING btree ("tool_call_id");--> statement-breakpoint
CREATE INDEX "session_tool_calls_scope_order" ON "session_tool_calls" USING btree ("scope_conversation_id","run_started_at_ms","run_id","start_sequence","tool_call_id","invocation_record_id");--> statement-breakpoint
CREATE INDEX "session_tool_calls_tool_call_id" ON "session_tool_calls" USING btree ("tool_call_id");--> statement-breakpoint
CREATE INDEX "session_tool_calls_ended_at" ON "session_tool_calls" USING btree ("ended_at_ms");--> statement-breakpoint
CREATE INDEX "session_tool_calls_run" ON "session_tool_calls" USING btree ("run_id");