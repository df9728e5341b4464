CREATE TABLE "bonus_boosters" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"campaign_id" text NOT NULL,
	"trigger_ref" text NOT NULL,
	"currency" text NOT NULL,
	"terms" jsonb NOT NULL,
	"status" smallint NOT NULL,
	"bet_id" bigint,
	"paid_minor" bigint DEFAULT 0 NOT NULL,
	"paid_version" text,
	"paid_bonus_id" bigint,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"activated_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	CONSTRAINT "bonus_boosters_paid_check" CHECK (paid_minor >= 0)
);
--> statement-breakpoint
ALTER TABLE "bonus_boosters" ADD CONSTRAINT "bonus_boosters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_boosters" ADD CONSTRAINT "bonus_boosters_campaign_id_bonus_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."bonus_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_boosters_campaign_user_trigger_key" ON "bonus_boosters" USING btree ("campaign_id","user_id","trigger_ref");--> statement-breakpoint
CREATE INDEX "bonus_boosters_user_idx" ON "bonus_boosters" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_boosters_active_key" ON "bonus_boosters" USING btree ("user_id") WHERE status = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_boosters_bet_key" ON "bonus_boosters" USING btree ("bet_id") WHERE bet_id is not null;--> statement-breakpoint
CREATE INDEX "bonus_boosters_open_idx" ON "bonus_boosters" USING btree ("status") WHERE status in (1, 2, 3);