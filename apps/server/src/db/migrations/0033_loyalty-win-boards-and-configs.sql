CREATE TABLE "loyalty_brand_configs" (
	"app_key" text NOT NULL,
	"version" integer NOT NULL,
	"config" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loyalty_brand_configs_app_key_version_pk" PRIMARY KEY("app_key","version")
);
--> statement-breakpoint
ALTER TABLE "loyalty_wheel_spins" ADD COLUMN "wheel_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "loyalty_facts_occurred_idx" ON "loyalty_facts" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "loyalty_raffle_entries_user_idx" ON "loyalty_raffle_entries" USING btree ("app_key","period_key","user_id");