ALTER TABLE "casino_free_rounds" ADD COLUMN "campaign_id" text;--> statement-breakpoint
ALTER TABLE "casino_free_rounds" ADD COLUMN "win_to" text DEFAULT 'cash' NOT NULL;--> statement-breakpoint
ALTER TABLE "casino_free_rounds" ADD COLUMN "win_settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "casino_free_rounds" ADD COLUMN "shown_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "casino_free_rounds_unsettled_idx" ON "casino_free_rounds" USING btree ("id") WHERE "casino_free_rounds"."win_to" = 'bonus' and "casino_free_rounds"."win_settled_at" is null;--> statement-breakpoint
CREATE INDEX "casino_free_rounds_unshown_idx" ON "casino_free_rounds" USING btree ("user_id") WHERE "casino_free_rounds"."shown_at" is null;