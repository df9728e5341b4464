CREATE TABLE "payin_code_uses" (
	"code" text NOT NULL,
	"user_id" bigint NOT NULL,
	"order_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payin_code_uses_code_user_id_pk" PRIMARY KEY("code","user_id")
);
--> statement-breakpoint
CREATE TABLE "payin_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"bonus_rate_bp" bigint NOT NULL,
	"bonus_max_minor" bigint NOT NULL,
	"min_amount_minor" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_accounts" (
	"user_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"currency" text NOT NULL,
	"elements" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_accounts_user_id_channel_currency_pk" PRIMARY KEY("user_id","channel","currency")
);
--> statement-breakpoint
CREATE TABLE "payment_appeals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"description" text NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" bigint NOT NULL,
	"order_id" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"payin_code" text,
	"created_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"app_key" text NOT NULL,
	"direction" text NOT NULL,
	"channel" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"fee_minor" bigint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"pay_status" smallint DEFAULT 0 NOT NULL,
	"instruction" jsonb,
	"account" jsonb,
	"payin_code" text,
	"first_deposit" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"order_id" text,
	"outcome" text NOT NULL,
	"body" text NOT NULL,
	"remote_address" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_social_clicks" (
	"order_id" text NOT NULL,
	"channel" text NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payout_social_clicks_order_id_channel_pk" PRIMARY KEY("order_id","channel")
);
--> statement-breakpoint
CREATE TABLE "pdd_rewards" (
	"pdd_uid" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "withdraw_locks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"source" text NOT NULL,
	"source_ref" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payin_code_uses" ADD CONSTRAINT "payin_code_uses_code_payin_codes_code_fk" FOREIGN KEY ("code") REFERENCES "public"."payin_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payin_code_uses" ADD CONSTRAINT "payin_code_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_appeals" ADD CONSTRAINT "payment_appeals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_social_clicks" ADD CONSTRAINT "payout_social_clicks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdd_rewards" ADD CONSTRAINT "pdd_rewards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdraw_locks" ADD CONSTRAINT "withdraw_locks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_appeals_order_key" ON "payment_appeals" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_kind_order_key" ON "payment_events" USING btree ("kind","order_id");--> statement-breakpoint
CREATE INDEX "payment_events_pending_idx" ON "payment_events" USING btree ("kind") WHERE consumed_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_order_id_key" ON "payment_orders" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_provider_ref_key" ON "payment_orders" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "payment_orders_user_idx" ON "payment_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_orders_open_idx" ON "payment_orders" USING btree ("expires_at") WHERE status in (0, 1);--> statement-breakpoint
CREATE UNIQUE INDEX "payment_webhook_events_applied_key" ON "payment_webhook_events" USING btree ("provider","event_id") WHERE outcome = 'applied';--> statement-breakpoint
CREATE INDEX "payment_webhook_events_order_idx" ON "payment_webhook_events" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdraw_locks_source_key" ON "withdraw_locks" USING btree ("source","source_ref");--> statement-breakpoint
CREATE INDEX "withdraw_locks_user_idx" ON "withdraw_locks" USING btree ("user_id","currency");