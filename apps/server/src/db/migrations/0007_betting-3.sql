CREATE TABLE "bet_leg_results" (
	"leg_id" bigint PRIMARY KEY NOT NULL,
	"bet_id" bigint NOT NULL,
	"revision" integer NOT NULL,
	"score_home" integer NOT NULL,
	"score_away" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bet_resettlements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bet_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"outcome_before" smallint NOT NULL,
	"outcome_after" smallint NOT NULL,
	"payout_before_minor" bigint,
	"payout_after_minor" bigint,
	"taken_minor" bigint NOT NULL,
	"credited_minor" bigint NOT NULL,
	"owed_minor" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bet_resettlements_amounts_check" CHECK (taken_minor >= 0 and credited_minor >= 0 and owed_minor >= 0)
);
--> statement-breakpoint
ALTER TABLE "bet_leg_results" ADD CONSTRAINT "bet_leg_results_leg_id_bet_legs_id_fk" FOREIGN KEY ("leg_id") REFERENCES "public"."bet_legs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bet_leg_results" ADD CONSTRAINT "bet_leg_results_bet_id_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."bets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bet_resettlements" ADD CONSTRAINT "bet_resettlements_bet_id_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."bets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bet_leg_results_bet_idx" ON "bet_leg_results" USING btree ("bet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bet_resettlements_ref_key" ON "bet_resettlements" USING btree ("ref");--> statement-breakpoint
CREATE INDEX "bet_resettlements_bet_idx" ON "bet_resettlements" USING btree ("bet_id","id");