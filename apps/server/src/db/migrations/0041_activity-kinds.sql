ALTER TABLE "casino_user_prefs" ADD COLUMN "first_on_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "theme" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "activities_ui_switch_once" ON "activities" USING btree ("app_key") WHERE kind = 'ui_switch_reward';