CREATE TABLE "loyalty_wheel_seeds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revealed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "loyalty_wheel_spins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"app_key" text NOT NULL,
	"ticket_level" integer NOT NULL,
	"seed_id" bigint NOT NULL,
	"nonce" integer NOT NULL,
	"segment" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"bonus_id" bigint,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_wheel_tickets" (
	"user_id" bigint NOT NULL,
	"level" integer NOT NULL,
	"granted_at" timestamp with time zone NOT NULL,
	"spin_id" bigint,
	CONSTRAINT "loyalty_wheel_tickets_user_id_level_pk" PRIMARY KEY("user_id","level")
);
--> statement-breakpoint
ALTER TABLE "loyalty_wheel_seeds" ADD CONSTRAINT "loyalty_wheel_seeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_wheel_spins" ADD CONSTRAINT "loyalty_wheel_spins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_wheel_spins" ADD CONSTRAINT "loyalty_wheel_spins_seed_id_loyalty_wheel_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."loyalty_wheel_seeds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_wheel_tickets" ADD CONSTRAINT "loyalty_wheel_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_wheel_seeds_active_key" ON "loyalty_wheel_seeds" USING btree ("user_id") WHERE active;--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_wheel_spins_ticket_key" ON "loyalty_wheel_spins" USING btree ("user_id","ticket_level");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_wheel_spins_nonce_key" ON "loyalty_wheel_spins" USING btree ("seed_id","nonce");--> statement-breakpoint
CREATE INDEX "loyalty_wheel_spins_app_idx" ON "loyalty_wheel_spins" USING btree ("app_key","id");