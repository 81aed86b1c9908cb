CREATE TABLE "approvals" (
	"approval_id" text PRIMARY KEY NOT NULL,
	"run_id" text NOT NULL,
	"conversation_id" text NOT NULL,
	"tool_name" text NOT NULL,
	"arguments_hash" text NOT NULL,
	"decision" text NOT NULL,
	"scope" text NOT NULL,
	"answered_by_json" text NOT NULL,
	"answered_at" bigint NOT NULL,
	"expires_at" bigint,
	"revoked_at" bigint
);
--> statement-breakpoint
CREATE TABLE "asks" (
	"ask_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"run_id" text NOT NULL,
	"conversation_id" text NOT NULL,
	"physical_conversation_id" text NOT NULL,
	"status" text NOT NULL,
	"prompt_json" text NOT NULL,
	"answer_json" text,
	"answered_by_json" text,
	"created_at" bigint NOT NULL,
	"expires_at" bigint,
	"settled_at" bigint,
	"cancel_reason" text,
	"owner" text
);
--> statement-breakpoint
CREATE INDEX "approvals_by_tool" ON "approvals" USING btree ("tool_name","scope");--> statement-breakpoint
CREATE UNIQUE INDEX "asks_one_pending_per_conversation" ON "asks" USING btree ("physical_conversation_id") WHERE "asks"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "asks_by_conversation" ON "asks" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "asks_by_status" ON "asks" USING btree ("status");