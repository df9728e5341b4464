CREATE TABLE "loyalty_rank_places" (
	"app_key" text NOT NULL,
	"period_key" text NOT NULL,
	"user_id" bigint NOT NULL,
	"place" integer NOT NULL,
	"score_minor" bigint NOT NULL,
	"above_minor" bigint,
	CONSTRAINT "loyalty_rank_places_app_key_period_key_user_id_pk" PRIMARY KEY("app_key","period_key","user_id")
);
--> statement-breakpoint
CREATE TABLE "loyalty_rank_snapshots" (
	"app_key" text NOT NULL,
	"period_key" text NOT NULL,
	"stale" boolean DEFAULT true NOT NULL,
	"players" integer DEFAULT 0 NOT NULL,
	"refreshed_at" timestamp with time zone,
	CONSTRAINT "loyalty_rank_snapshots_app_key_period_key_pk" PRIMARY KEY("app_key","period_key")
);
--> statement-breakpoint
CREATE TABLE "loyalty_reward_versions" (
	"bonus_id" bigint PRIMARY KEY NOT NULL,
	"app_key" text NOT NULL,
	"config_version" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loyalty_facts" ADD COLUMN "stake_minor" bigint;--> statement-breakpoint
ALTER TABLE "loyalty_facts" ADD COLUMN "return_minor" bigint;--> statement-breakpoint
ALTER TABLE "loyalty_raffle_winners" ADD COLUMN "config_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_rank_prizes" ADD COLUMN "config_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_rank_places" ADD CONSTRAINT "loyalty_rank_places_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loyalty_rank_places_place_idx" ON "loyalty_rank_places" USING btree ("app_key","period_key","place");--> statement-breakpoint
CREATE INDEX "loyalty_rank_snapshots_stale_idx" ON "loyalty_rank_snapshots" USING btree ("app_key","period_key") WHERE stale;