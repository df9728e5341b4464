ALTER TABLE "bonuses" ADD COLUMN "shown_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bonuses_unshown_idx" ON "bonuses" USING btree ("user_id","id") WHERE shown_at is null;--> statement-breakpoint
-- Bonuses granted before new_bonus existed were shown by their own answers: none pops up after the upgrade.
UPDATE "bonuses" SET "shown_at" = "created_at";