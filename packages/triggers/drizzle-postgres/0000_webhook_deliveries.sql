CREATE TABLE "webhook_delivery" (
	"trigger" text NOT NULL,
	"delivery_id" text NOT NULL,
	"seen_ms" bigint NOT NULL,
	CONSTRAINT "webhook_delivery_pk" PRIMARY KEY("trigger","delivery_id")
);
--> statement-breakpoint
CREATE INDEX "webhook_delivery_age" ON "webhook_delivery" USING btree ("trigger","seen_ms");
