CREATE TABLE "help_feedback" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"app_key" text NOT NULL,
	"user_id" bigint,
	"ip" text NOT NULL,
	"category" text NOT NULL,
	"content" text NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"app_key" text NOT NULL,
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"video_url" text DEFAULT '' NOT NULL,
	"texts" jsonb NOT NULL,
	"source" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "help_feedback_ip_idx" ON "help_feedback" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "help_feedback_user_idx" ON "help_feedback" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "help_feedback_brand_idx" ON "help_feedback" USING btree ("app_key","id");--> statement-breakpoint
CREATE UNIQUE INDEX "help_items_brand_slug_idx" ON "help_items" USING btree ("app_key","kind","slug");--> statement-breakpoint
CREATE INDEX "help_items_brand_kind_idx" ON "help_items" USING btree ("app_key","kind","sort") WHERE "help_items"."removed_at" is null;