CREATE TABLE "experiment_assignments" (
	"user_id" bigint NOT NULL,
	"key" text NOT NULL,
	"app_key" text NOT NULL,
	"arm" text NOT NULL,
	"source" text NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "experiment_assignments_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE INDEX "experiment_assignments_brand_idx" ON "experiment_assignments" USING btree ("app_key","key","arm");