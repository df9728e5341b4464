CREATE TABLE "casino_fair_seeds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "casino_favourites" (
	"user_id" bigint NOT NULL,
	"platform" text NOT NULL,
	"game_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "casino_favourites_user_id_platform_game_id_pk" PRIMARY KEY("user_id","platform","game_id")
);
--> statement-breakpoint
CREATE TABLE "casino_feedback" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"platform" text,
	"game_id" text,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "casino_free_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"grant_ref" text NOT NULL,
	"user_id" bigint NOT NULL,
	"platform" text NOT NULL,
	"game_id" text NOT NULL,
	"total" integer NOT NULL,
	"remaining" integer NOT NULL,
	"stake" bigint NOT NULL,
	"currency" text NOT NULL,
	"win_total" bigint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "casino_games" (
	"platform" text NOT NULL,
	"game_id" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"tags" jsonb NOT NULL,
	"rtp" double precision NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"is_hot" boolean DEFAULT false NOT NULL,
	"live_game" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"cover" text NOT NULL,
	CONSTRAINT "casino_games_platform_game_id_pk" PRIMARY KEY("platform","game_id")
);
--> statement-breakpoint
CREATE TABLE "casino_recents" (
	"user_id" bigint NOT NULL,
	"platform" text NOT NULL,
	"game_id" text NOT NULL,
	"played_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "casino_recents_user_id_platform_game_id_pk" PRIMARY KEY("user_id","platform","game_id")
);
--> statement-breakpoint
CREATE TABLE "casino_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"platform" text NOT NULL,
	"game_id" text NOT NULL,
	"currency" text NOT NULL,
	"stake" bigint NOT NULL,
	"win" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"params" jsonb NOT NULL,
	"outcome" jsonb NOT NULL,
	"secret" jsonb,
	"seed_id" bigint NOT NULL,
	"nonce" integer NOT NULL,
	"client_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"free_round_id" bigint,
	"balance_before" bigint,
	"balance_after" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "casino_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"platform" text NOT NULL,
	"game_id" text,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "casino_user_prefs" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"ui_switch" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "casino_wallet_txns" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner" text NOT NULL,
	"transaction_uuid" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" bigint,
	"currency" text,
	"amount" bigint,
	"round" text,
	"game_code" text,
	"reference_uuid" text,
	"request_hash" text,
	"response" jsonb,
	"state" text NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "casino_fair_seeds" ADD CONSTRAINT "casino_fair_seeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_favourites" ADD CONSTRAINT "casino_favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_feedback" ADD CONSTRAINT "casino_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_free_rounds" ADD CONSTRAINT "casino_free_rounds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_recents" ADD CONSTRAINT "casino_recents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_rounds" ADD CONSTRAINT "casino_rounds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_rounds" ADD CONSTRAINT "casino_rounds_seed_id_casino_fair_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."casino_fair_seeds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_rounds" ADD CONSTRAINT "casino_rounds_free_round_id_casino_free_rounds_id_fk" FOREIGN KEY ("free_round_id") REFERENCES "public"."casino_free_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_sessions" ADD CONSTRAINT "casino_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_user_prefs" ADD CONSTRAINT "casino_user_prefs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_wallet_txns" ADD CONSTRAINT "casino_wallet_txns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "casino_fair_seeds_active_key" ON "casino_fair_seeds" USING btree ("user_id") WHERE active;--> statement-breakpoint
CREATE UNIQUE INDEX "casino_free_rounds_ref_key" ON "casino_free_rounds" USING btree ("grant_ref");--> statement-breakpoint
CREATE INDEX "casino_free_rounds_user_idx" ON "casino_free_rounds" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "casino_recents_user_idx" ON "casino_recents" USING btree ("user_id","played_at");--> statement-breakpoint
CREATE UNIQUE INDEX "casino_rounds_public_key" ON "casino_rounds" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "casino_rounds_user_idx" ON "casino_rounds" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "casino_rounds_unfinished_idx" ON "casino_rounds" USING btree ("updated_at") WHERE status in ('pending', 'open');--> statement-breakpoint
CREATE INDEX "casino_sessions_user_idx" ON "casino_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "casino_wallet_txns_partner_uuid_key" ON "casino_wallet_txns" USING btree ("partner","transaction_uuid");