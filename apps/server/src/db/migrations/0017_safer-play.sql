CREATE TABLE "player_blocks" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	CONSTRAINT "player_blocks_kind_check" CHECK (kind in ('time_out', 'self_exclusion'))
);
--> statement-breakpoint
CREATE TABLE "player_limit_usage" (
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"used_minor" bigint NOT NULL,
	CONSTRAINT "player_limit_usage_user_id_kind_period_window_start_pk" PRIMARY KEY("user_id","kind","period","window_start")
);
--> statement-breakpoint
CREATE TABLE "player_limits" (
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint,
	"pending_amount_minor" bigint,
	"pending_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "player_limits_user_id_kind_period_pk" PRIMARY KEY("user_id","kind","period")
);
--> statement-breakpoint
CREATE TABLE "safer_play_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "player_blocks" ADD CONSTRAINT "player_blocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_limits" ADD CONSTRAINT "player_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "safer_play_audit_user_idx" ON "safer_play_audit" USING btree ("user_id","id");--> statement-breakpoint
-- The audit is append-only: no row is ever changed or removed, whoever asks (decision 027).
CREATE OR REPLACE FUNCTION safer_play_audit_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'safer_play_audit is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER safer_play_audit_no_change BEFORE UPDATE OR DELETE ON "safer_play_audit" FOR EACH ROW EXECUTE FUNCTION safer_play_audit_append_only();
