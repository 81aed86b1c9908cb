CREATE TABLE "conversation_messages" (
	"row_id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"sequence" integer NOT NULL,
	"run_id" text NOT NULL,
	"role" text NOT NULL,
	"message_json" text NOT NULL,
	"created_at_ms" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"conversation_id" text PRIMARY KEY NOT NULL,
	"created_at_ms" bigint NOT NULL,
	"updated_at_ms" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_conversation_id_conversations_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("conversation_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_messages_sequence" ON "conversation_messages" USING btree ("conversation_id","sequence");--> statement-breakpoint
CREATE INDEX "conversation_messages_run" ON "conversation_messages" USING btree ("conversation_id","run_id");