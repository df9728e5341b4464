CREATE TABLE "pdd_envelopes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"app_key" text NOT NULL,
	"currency" text NOT NULL,
	"target_minor" bigint NOT NULL,
	"progress_minor" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"reached_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pdd_helps" (
	"inviter_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"friend" text NOT NULL,
	"envelope_id" bigint NOT NULL,
	"friend_user_id" bigint,
	"amount_minor" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pdd_helps_inviter_id_kind_friend_pk" PRIMARY KEY("inviter_id","kind","friend")
);
--> statement-breakpoint
ALTER TABLE "pdd_envelopes" ADD CONSTRAINT "pdd_envelopes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdd_helps" ADD CONSTRAINT "pdd_helps_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdd_helps" ADD CONSTRAINT "pdd_helps_envelope_id_pdd_envelopes_id_fk" FOREIGN KEY ("envelope_id") REFERENCES "public"."pdd_envelopes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pdd_envelopes_one_open" ON "pdd_envelopes" USING btree ("user_id","app_key") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "pdd_envelopes_expiry_idx" ON "pdd_envelopes" USING btree ("expires_at") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "pdd_helps_envelope_idx" ON "pdd_helps" USING btree ("envelope_id");