ALTER TABLE "account_profiles" ADD COLUMN "terms_version" text;--> statement-breakpoint
ALTER TABLE "account_profiles" ADD COLUMN "terms_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_profiles" ADD COLUMN "age_confirmed" integer;--> statement-breakpoint
ALTER TABLE "account_profiles" ADD COLUMN "age_confirmed_at" timestamp with time zone;