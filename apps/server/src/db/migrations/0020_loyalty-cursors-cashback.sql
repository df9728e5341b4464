CREATE TABLE "loyalty_cashback_closes" (
	"app_key" text NOT NULL,
	"period_key" text NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loyalty_cashback_closes_app_key_period_key_pk" PRIMARY KEY("app_key","period_key")
);
--> statement-breakpoint
CREATE TABLE "loyalty_cashbacks" (
	"app_key" text NOT NULL,
	"period_key" text NOT NULL,
	"user_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"level" integer NOT NULL,
	"rate_bp" integer NOT NULL,
	"stake_minor" bigint NOT NULL,
	"return_minor" bigint NOT NULL,
	"bonus_used_minor" bigint NOT NULL,
	"net_loss_minor" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"period_ends_at" timestamp with time zone NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "loyalty_cashbacks_app_key_period_key_user_id_pk" PRIMARY KEY("app_key","period_key","user_id")
);
--> statement-breakpoint
CREATE TABLE "loyalty_pass_cursors" (
	"source" text PRIMARY KEY NOT NULL,
	"cursor_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loyalty_cashbacks" ADD CONSTRAINT "loyalty_cashbacks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loyalty_cashbacks_user_idx" ON "loyalty_cashbacks" USING btree ("user_id","period_ends_at");--> statement-breakpoint
CREATE INDEX "loyalty_cashbacks_due_idx" ON "loyalty_cashbacks" USING btree ("period_ends_at") WHERE paid_at is null;--> statement-breakpoint
CREATE INDEX "casino_rounds_settled_idx" ON "casino_rounds" USING btree (coalesce("settled_at", "updated_at")) WHERE status = 'settled';--> statement-breakpoint
CREATE INDEX "bets_settled_idx" ON "bets" USING btree ("settled_at") WHERE status = 5;