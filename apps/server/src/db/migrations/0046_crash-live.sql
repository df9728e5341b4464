CREATE TABLE "crash_live_bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"round_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"stake" bigint NOT NULL,
	"auto_cashout" integer,
	"cashout" integer,
	"win" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"cashed_at" timestamp with time zone,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "crash_live_brands" (
	"app_key" text PRIMARY KEY NOT NULL,
	"wanted_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crash_live_chains" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"app_key" text NOT NULL,
	"secret" text NOT NULL,
	"terminal_hash" text NOT NULL,
	"salt" text NOT NULL,
	"length" integer NOT NULL,
	"next_index" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crash_live_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"app_key" text NOT NULL,
	"seq" bigint NOT NULL,
	"chain_id" bigint NOT NULL,
	"chain_index" integer NOT NULL,
	"seed" text NOT NULL,
	"crash_point" bigint NOT NULL,
	"betting_at" timestamp with time zone NOT NULL,
	"takeoff_at" timestamp with time zone NOT NULL,
	"crash_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crash_live_bets" ADD CONSTRAINT "crash_live_bets_round_id_crash_live_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."crash_live_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crash_live_bets" ADD CONSTRAINT "crash_live_bets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crash_live_rounds" ADD CONSTRAINT "crash_live_rounds_chain_id_crash_live_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."crash_live_chains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crash_live_bets_player_key" ON "crash_live_bets" USING btree ("round_id","user_id") WHERE status <> 'void';--> statement-breakpoint
CREATE INDEX "crash_live_bets_open_idx" ON "crash_live_bets" USING btree ("round_id") WHERE status in ('pending', 'placed', 'cashed');--> statement-breakpoint
CREATE INDEX "crash_live_bets_user_idx" ON "crash_live_bets" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "crash_live_bets_settled_idx" ON "crash_live_bets" USING btree ("settled_at") WHERE status in ('won', 'lost');--> statement-breakpoint
CREATE INDEX "crash_live_chains_brand_idx" ON "crash_live_chains" USING btree ("app_key","id");--> statement-breakpoint
CREATE UNIQUE INDEX "crash_live_rounds_public_key" ON "crash_live_rounds" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crash_live_rounds_seq_key" ON "crash_live_rounds" USING btree ("app_key","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "crash_live_rounds_chain_key" ON "crash_live_rounds" USING btree ("chain_id","chain_index");--> statement-breakpoint
CREATE INDEX "crash_live_rounds_unsettled_idx" ON "crash_live_rounds" USING btree ("crash_at") WHERE settled_at is null;