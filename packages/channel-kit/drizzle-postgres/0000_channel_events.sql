CREATE TABLE "channel_events" (
	"event_key" text PRIMARY KEY NOT NULL,
	"seen_at_ms" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "channel_events_seen" ON "channel_events" USING btree ("seen_at_ms");