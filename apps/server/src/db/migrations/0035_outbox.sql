CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"lease_owner" text,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_psp_payments" (
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"direction" text NOT NULL,
	"order_id" text NOT NULL,
	"state" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_psp_payments_provider_provider_ref_pk" PRIMARY KEY("provider","provider_ref")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_kind_key_key" ON "outbox" USING btree ("kind","key");--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "outbox_status_kind_idx" ON "outbox" USING btree ("status","kind","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_psp_payments_order_key" ON "sandbox_psp_payments" USING btree ("direction","order_id");--> statement-breakpoint
CREATE INDEX "sandbox_psp_payments_open_idx" ON "sandbox_psp_payments" USING btree ("provider","created_at") WHERE state = 'open';