CREATE TABLE "loyalty_pass_cursors" (
	"source" text PRIMARY KEY NOT NULL,
	"cursor_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "casino_rounds_settled_idx" ON "casino_rounds" USING btree (coalesce("settled_at", "updated_at")) WHERE status = 'settled';--> statement-breakpoint
CREATE INDEX "bets_settled_idx" ON "bets" USING btree ("settled_at") WHERE status = 5;