CREATE TABLE "push_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ref" text NOT NULL,
	"subscription_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"marketing" boolean NOT NULL,
	"payload" jsonb NOT NULL,
	"ttl_s" integer NOT NULL,
	"urgency" text DEFAULT 'normal' NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"last_status" integer,
	"created_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"app_key" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"device_id" text NOT NULL,
	"platform" text NOT NULL,
	"app" text DEFAULT '' NOT NULL,
	"registration_id" text DEFAULT '' NOT NULL,
	"version" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"rom" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"lang" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"last_sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "push_vapid_keys" (
	"id" smallint PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "push_vapid_keys_one_row" CHECK (id = 1)
);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_outbox_ref_subscription_key" ON "push_outbox" USING btree ("ref","subscription_id");--> statement-breakpoint
CREATE INDEX "push_outbox_due_idx" ON "push_outbox" USING btree ("next_at") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "push_subscriptions_brand_idx" ON "push_subscriptions" USING btree ("app_key","user_id");