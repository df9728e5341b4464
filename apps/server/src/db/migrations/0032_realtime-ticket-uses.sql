CREATE TABLE "realtime_ticket_uses" (
	"nonce" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "realtime_ticket_uses_expires_idx" ON "realtime_ticket_uses" USING btree ("expires_at");