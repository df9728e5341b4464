CREATE TABLE "feed_fixtures" (
	"match_id" bigint PRIMARY KEY NOT NULL,
	"sport_id" smallint NOT NULL,
	"league_id" integer NOT NULL,
	"home_team_id" integer NOT NULL,
	"away_team_id" integer NOT NULL,
	"starts_at_ms" bigint NOT NULL,
	"fixture" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed_match_states" (
	"match_id" bigint PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"seconds_run" integer NOT NULL,
	"ended_at_ms" bigint,
	"state" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed_results" (
	"match_id" bigint NOT NULL,
	"revision" integer NOT NULL,
	"ended_at_ms" bigint NOT NULL,
	"result" jsonb NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "feed_results_match_id_revision_pk" PRIMARY KEY("match_id","revision")
);
--> statement-breakpoint
CREATE TABLE "feed_state" (
	"id" smallint PRIMARY KEY NOT NULL,
	"seed" bigint NOT NULL,
	"teams" jsonb NOT NULL,
	"wall_at_ms" bigint NOT NULL,
	"simulated_at_ms" bigint NOT NULL,
	"match_id_next" bigint NOT NULL,
	"day_next_ms" bigint NOT NULL,
	"day_index" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "feed_state_one_row_check" CHECK (id = 1)
);
--> statement-breakpoint
ALTER TABLE "feed_match_states" ADD CONSTRAINT "feed_match_states_match_id_feed_fixtures_match_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."feed_fixtures"("match_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_results" ADD CONSTRAINT "feed_results_match_id_feed_fixtures_match_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."feed_fixtures"("match_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feed_fixtures_starts_idx" ON "feed_fixtures" USING btree ("starts_at_ms");--> statement-breakpoint
CREATE INDEX "feed_match_states_live_idx" ON "feed_match_states" USING btree ("match_id") WHERE status = 'live';--> statement-breakpoint
CREATE INDEX "feed_results_ended_idx" ON "feed_results" USING btree ("ended_at_ms");