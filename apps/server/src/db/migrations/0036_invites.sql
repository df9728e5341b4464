CREATE TABLE "referral_marks" (
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "referral_marks_user_id_kind_value_pk" PRIMARY KEY("user_id","kind","value")
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"invitee_id" bigint PRIMARY KEY NOT NULL,
	"inviter_id" bigint NOT NULL,
	"app_key" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"qualified_at" timestamp with time zone,
	"reward_status" text
);
--> statement-breakpoint
CREATE TABLE "referrer_installs" (
	"app_key" text NOT NULL,
	"smid" text NOT NULL,
	"source" text NOT NULL,
	"campaign" text NOT NULL,
	"invite_code" text,
	"timezone" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "referrer_installs_app_key_smid_pk" PRIMARY KEY("app_key","smid")
);
--> statement-breakpoint
ALTER TABLE "referral_marks" ADD CONSTRAINT "referral_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referrals_inviter_idx" ON "referrals" USING btree ("inviter_id","created_at");