CREATE TABLE "kyc_checks" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"document_type" text NOT NULL,
	"document_number" text NOT NULL,
	"birth_date" text NOT NULL,
	"provider_ref" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "kyc_checks_state_check" CHECK (state in ('pending', 'verified', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "kyc_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"provider_ref" text NOT NULL,
	"outcome" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kyc_checks" ADD CONSTRAINT "kyc_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyc_checks_provider_ref_idx" ON "kyc_checks" USING btree ("provider_ref");