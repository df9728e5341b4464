CREATE TABLE "loyalty_raffle_entries" (
	"app_key" text NOT NULL,
	"period_key" text NOT NULL,
	"position" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"tickets" bigint NOT NULL,
	CONSTRAINT "loyalty_raffle_entries_app_key_period_key_position_pk" PRIMARY KEY("app_key","period_key","position")
);
--> statement-breakpoint
CREATE TABLE "loyalty_raffle_winners" (
	"app_key" text NOT NULL,
	"period_key" text NOT NULL,
	"place" integer NOT NULL,
	"position" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"tickets" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "loyalty_raffle_winners_app_key_period_key_place_pk" PRIMARY KEY("app_key","period_key","place")
);
--> statement-breakpoint
CREATE TABLE "loyalty_raffles" (
	"app_key" text NOT NULL,
	"period_key" text NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"drawn_at" timestamp with time zone,
	CONSTRAINT "loyalty_raffles_app_key_period_key_pk" PRIMARY KEY("app_key","period_key")
);
--> statement-breakpoint
ALTER TABLE "loyalty_raffle_entries" ADD CONSTRAINT "loyalty_raffle_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_raffle_winners" ADD CONSTRAINT "loyalty_raffle_winners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loyalty_raffle_winners_due_idx" ON "loyalty_raffle_winners" USING btree ("app_key","period_key") WHERE paid_at is null;--> statement-breakpoint
CREATE INDEX "loyalty_raffles_due_idx" ON "loyalty_raffles" USING btree ("draw_at") WHERE drawn_at is null;