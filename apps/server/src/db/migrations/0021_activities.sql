CREATE TABLE "activities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"app_key" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"tiers" jsonb NOT NULL,
	"wagering_multiplier" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "activities_brand_idx" ON "activities" USING btree ("app_key","ends_at");