CREATE TABLE "bonus_campaigns" (
	"id" text PRIMARY KEY NOT NULL,
	"app_key" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"terms" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bonus_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"campaign_id" text NOT NULL,
	"uses_max" bigint NOT NULL,
	"uses" bigint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bonus_codes_uses_check" CHECK (uses >= 0 and uses <= uses_max)
);
--> statement-breakpoint
CREATE TABLE "bonus_contributions" (
	"bonus_id" bigint NOT NULL,
	"source" text NOT NULL,
	"source_ref" text NOT NULL,
	"version" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	CONSTRAINT "bonus_contributions_bonus_id_source_source_ref_pk" PRIMARY KEY("bonus_id","source","source_ref")
);
--> statement-breakpoint
CREATE TABLE "bonus_wallets" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"balance_minor" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_wallets_balance_check" CHECK (balance_minor >= 0)
);
--> statement-breakpoint
CREATE TABLE "bonuses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"campaign_id" text NOT NULL,
	"trigger_ref" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"requirement_minor" bigint NOT NULL,
	"wagered_minor" bigint DEFAULT 0 NOT NULL,
	"status" smallint NOT NULL,
	"rules" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "bonuses_wagered_check" CHECK (wagered_minor >= 0 and wagered_minor <= requirement_minor)
);
--> statement-breakpoint
DROP INDEX "ledger_accounts_user_currency_key";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "kind" text DEFAULT 'cash' NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_codes" ADD CONSTRAINT "bonus_codes_campaign_id_bonus_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."bonus_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_contributions" ADD CONSTRAINT "bonus_contributions_bonus_id_bonuses_id_fk" FOREIGN KEY ("bonus_id") REFERENCES "public"."bonuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_wallets" ADD CONSTRAINT "bonus_wallets_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_wallets" ADD CONSTRAINT "bonus_wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonuses" ADD CONSTRAINT "bonuses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonuses" ADD CONSTRAINT "bonuses_campaign_id_bonus_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."bonus_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bonus_campaigns_brand_idx" ON "bonus_campaigns" USING btree ("app_key","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_wallets_user_currency_key" ON "bonus_wallets" USING btree ("user_id","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "bonuses_campaign_user_trigger_key" ON "bonuses" USING btree ("campaign_id","user_id","trigger_ref");--> statement-breakpoint
CREATE INDEX "bonuses_user_idx" ON "bonuses" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bonuses_unlocking_key" ON "bonuses" USING btree ("user_id","currency") WHERE status = 1;--> statement-breakpoint
CREATE INDEX "bonuses_open_idx" ON "bonuses" USING btree ("status","expires_at") WHERE status in (0, 1);--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_user_currency_kind_key" ON "ledger_accounts" USING btree ("user_id","currency","kind") WHERE user_id is not null;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_check" CHECK (kind in ('cash', 'bonus') and (kind = 'cash' or user_id is not null));