CREATE TABLE "bonus_claims" (
	"app_key" text NOT NULL,
	"key_kind" text NOT NULL,
	"key_value" text NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bonus_claims_app_key_key_kind_key_value_pk" PRIMARY KEY("app_key","key_kind","key_value")
);
--> statement-breakpoint
CREATE TABLE "bonus_ip_claims" (
	"app_key" text NOT NULL,
	"ip" text NOT NULL,
	"day" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "bonus_ip_claims_app_key_ip_day_pk" PRIMARY KEY("app_key","ip","day")
);
--> statement-breakpoint
ALTER TABLE "bonus_claims" ADD CONSTRAINT "bonus_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;