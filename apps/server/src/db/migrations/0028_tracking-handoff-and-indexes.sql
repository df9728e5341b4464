CREATE TABLE "session_handoffs" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"app_key" text NOT NULL,
	"target_origin" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "session_handoffs_expires_idx" ON "session_handoffs" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "account_profiles_app_registered_idx" ON "account_profiles" USING btree ("app_key","registered_at") WHERE registered_at is not null;--> statement-breakpoint
CREATE INDEX "casino_wallet_txns_user_idx" ON "casino_wallet_txns" USING btree ("user_id","id") WHERE kind = 'bet';