CREATE TABLE "fb_users" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tab_prompt_clicks" (
	"viewer" text NOT NULL,
	"prompt_key" text NOT NULL,
	"clicked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tab_prompt_clicks_viewer_prompt_key_pk" PRIMARY KEY("viewer","prompt_key")
);
--> statement-breakpoint
CREATE TABLE "tab_prompts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"app_key" text NOT NULL,
	"tab_key" text NOT NULL,
	"texts" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fb_users" ADD CONSTRAINT "fb_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tab_prompts_app_idx" ON "tab_prompts" USING btree ("app_key","starts_at");