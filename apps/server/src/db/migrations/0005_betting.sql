CREATE TABLE "bet_cash_outs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bet_id" bigint NOT NULL,
	"stake_minor" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bet_legs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bet_id" bigint NOT NULL,
	"leg_index" smallint NOT NULL,
	"match_id" bigint NOT NULL,
	"market_id" bigint NOT NULL,
	"market_type" integer NOT NULL,
	"period" integer NOT NULL,
	"line" text,
	"option_type" integer NOT NULL,
	"match_name" text NOT NULL,
	"odds_thousandths" integer NOT NULL,
	"live" boolean NOT NULL,
	"score_home" integer NOT NULL,
	"score_away" integer NOT NULL,
	"outcome" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"series_code" integer NOT NULL,
	"unit_stake_minor" bigint NOT NULL,
	"line_count" integer NOT NULL,
	"stake_minor" bigint NOT NULL,
	"stake_placed_minor" bigint NOT NULL,
	"payout_minor_max" bigint NOT NULL,
	"status" smallint NOT NULL,
	"reject_reason" smallint,
	"outcome" smallint DEFAULT 0 NOT NULL,
	"payout_minor" bigint,
	"cash_out_minor" bigint DEFAULT 0 NOT NULL,
	"cash_out_count" integer DEFAULT 0 NOT NULL,
	"odds_change" smallint NOT NULL,
	"live" boolean NOT NULL,
	"free_bet" boolean DEFAULT false NOT NULL,
	"free_bet_grant_id" bigint,
	"accept_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "bets_stake_check" CHECK (stake_minor >= 0 and stake_placed_minor > 0)
);
--> statement-breakpoint
CREATE TABLE "free_bet_grants" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"remaining_minor" bigint NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "free_bet_grants_remaining_check" CHECK (remaining_minor >= 0 and remaining_minor <= amount_minor)
);
--> statement-breakpoint
ALTER TABLE "bet_cash_outs" ADD CONSTRAINT "bet_cash_outs_bet_id_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."bets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bet_legs" ADD CONSTRAINT "bet_legs_bet_id_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."bets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_bet_grants" ADD CONSTRAINT "free_bet_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bet_cash_outs_bet_idx" ON "bet_cash_outs" USING btree ("bet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bet_legs_bet_index_key" ON "bet_legs" USING btree ("bet_id","leg_index");--> statement-breakpoint
CREATE INDEX "bet_legs_match_idx" ON "bet_legs" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "bets_user_idx" ON "bets" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "bets_open_idx" ON "bets" USING btree ("id") WHERE status in (1, 4);--> statement-breakpoint
CREATE UNIQUE INDEX "free_bet_grants_reason_key" ON "free_bet_grants" USING btree ("user_id","reason");