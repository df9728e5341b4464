ALTER TABLE "free_bet_grants" ADD COLUMN "campaign_id" text;--> statement-breakpoint
ALTER TABLE "free_bet_grants" ADD COLUMN "odds_min_thousandths" integer;--> statement-breakpoint
ALTER TABLE "free_bet_grants" ADD COLUMN "expires_at" timestamp with time zone;