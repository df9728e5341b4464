CREATE TABLE "agent_commissions" (
	"app_key" text NOT NULL,
	"day_key" text NOT NULL,
	"agent_user_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"basis" text NOT NULL,
	"members" integer NOT NULL,
	"stake_minor" bigint NOT NULL,
	"return_minor" bigint NOT NULL,
	"basis_minor" bigint NOT NULL,
	"rate_bp" integer NOT NULL,
	"commission_minor" bigint NOT NULL,
	"day_ends_at" timestamp with time zone NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"transfer_id" bigint,
	CONSTRAINT "agent_commissions_app_key_day_key_agent_user_id_pk" PRIMARY KEY("app_key","day_key","agent_user_id"),
	CONSTRAINT "agent_commissions_positive" CHECK (commission_minor > 0)
);
--> statement-breakpoint
CREATE TABLE "agent_configs" (
	"app_key" text PRIMARY KEY NOT NULL,
	"basis" text NOT NULL,
	"tiers" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_day_closes" (
	"app_key" text NOT NULL,
	"day_key" text NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agent_day_closes_app_key_day_key_pk" PRIMARY KEY("app_key","day_key")
);
--> statement-breakpoint
CREATE TABLE "agent_members" (
	"member_user_id" bigint PRIMARY KEY NOT NULL,
	"agent_user_id" bigint NOT NULL,
	"app_key" text NOT NULL,
	"bound_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agent_members_not_self" CHECK (member_user_id <> agent_user_id)
);
--> statement-breakpoint
CREATE TABLE "agent_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"agent_user_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"app_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "money_rain_grabs" (
	"rain_id" bigint NOT NULL,
	"drop_index" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"bonus_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "money_rain_grabs_rain_id_drop_index_user_id_pk" PRIMARY KEY("rain_id","drop_index","user_id")
);
--> statement-breakpoint
CREATE TABLE "money_rains" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"app_key" text NOT NULL,
	"currency" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"drops" integer NOT NULL,
	"interval_ms" integer NOT NULL,
	"open_ms" integer NOT NULL,
	"grab_min_minor" bigint NOT NULL,
	"grab_max_minor" bigint NOT NULL,
	"budget_minor" bigint NOT NULL,
	"paid_minor" bigint DEFAULT 0 NOT NULL,
	"announced_drops" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "money_rains_budget_check" CHECK (paid_minor >= 0 and paid_minor <= budget_minor)
);
--> statement-breakpoint
ALTER TABLE "agent_commissions" ADD CONSTRAINT "agent_commissions_agent_user_id_agents_user_id_fk" FOREIGN KEY ("agent_user_id") REFERENCES "public"."agents"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_members" ADD CONSTRAINT "agent_members_member_user_id_users_id_fk" FOREIGN KEY ("member_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_members" ADD CONSTRAINT "agent_members_agent_user_id_agents_user_id_fk" FOREIGN KEY ("agent_user_id") REFERENCES "public"."agents"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_transfers" ADD CONSTRAINT "agent_transfers_agent_user_id_agents_user_id_fk" FOREIGN KEY ("agent_user_id") REFERENCES "public"."agents"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_rain_grabs" ADD CONSTRAINT "money_rain_grabs_rain_id_money_rains_id_fk" FOREIGN KEY ("rain_id") REFERENCES "public"."money_rains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_rain_grabs" ADD CONSTRAINT "money_rain_grabs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_commissions_agent_idx" ON "agent_commissions" USING btree ("agent_user_id","day_ends_at");--> statement-breakpoint
CREATE INDEX "agent_members_agent_idx" ON "agent_members" USING btree ("agent_user_id","bound_at");--> statement-breakpoint
CREATE INDEX "agent_transfers_agent_idx" ON "agent_transfers" USING btree ("agent_user_id","id");--> statement-breakpoint
CREATE INDEX "money_rain_grabs_user_idx" ON "money_rain_grabs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "money_rains_brand_idx" ON "money_rains" USING btree ("app_key","ends_at");