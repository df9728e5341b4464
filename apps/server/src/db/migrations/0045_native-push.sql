ALTER TABLE "push_subscriptions" ALTER COLUMN "endpoint" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ALTER COLUMN "p256dh" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ALTER COLUMN "auth" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "kind" text DEFAULT 'webpush' NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "token" text;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "topic" text;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_kind_token_key" ON "push_subscriptions" USING btree ("kind","token");--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_kind_shape" CHECK ((kind = 'webpush' and endpoint is not null and p256dh is not null and auth is not null and token is null)
        or (kind = 'fcm' and token is not null and endpoint is null and topic is null)
        or (kind = 'apns' and token is not null and endpoint is null and topic is not null));