CREATE TABLE "loyalty_accounts" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"points_minor" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_facts" (
	"source" text NOT NULL,
	"source_ref" text NOT NULL,
	"user_id" bigint NOT NULL,
	"points_minor" bigint NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loyalty_facts_source_source_ref_pk" PRIMARY KEY("source","source_ref")
);
--> statement-breakpoint
CREATE TABLE "loyalty_rank_closes" (
	"app_key" text NOT NULL,
	"period_key" text NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loyalty_rank_closes_app_key_period_key_pk" PRIMARY KEY("app_key","period_key")
);
--> statement-breakpoint
CREATE TABLE "loyalty_rank_prizes" (
	"app_key" text NOT NULL,
	"period_key" text NOT NULL,
	"place" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"score_minor" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "loyalty_rank_prizes_app_key_period_key_place_pk" PRIMARY KEY("app_key","period_key","place")
);
--> statement-breakpoint
CREATE TABLE "loyalty_rank_scores" (
	"app_key" text NOT NULL,
	"period_key" text NOT NULL,
	"user_id" bigint NOT NULL,
	"score_minor" bigint NOT NULL,
	"reached_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loyalty_rank_scores_app_key_period_key_user_id_pk" PRIMARY KEY("app_key","period_key","user_id")
);
--> statement-breakpoint
CREATE TABLE "loyalty_task_progress" (
	"user_id" bigint NOT NULL,
	"task_id" text NOT NULL,
	"period_key" text NOT NULL,
	"progress_minor" bigint DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loyalty_task_progress_user_id_task_id_period_key_pk" PRIMARY KEY("user_id","task_id","period_key")
);
--> statement-breakpoint
ALTER TABLE "loyalty_accounts" ADD CONSTRAINT "loyalty_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_facts" ADD CONSTRAINT "loyalty_facts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_rank_prizes" ADD CONSTRAINT "loyalty_rank_prizes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_rank_scores" ADD CONSTRAINT "loyalty_rank_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_task_progress" ADD CONSTRAINT "loyalty_task_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loyalty_facts_user_idx" ON "loyalty_facts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "loyalty_rank_prizes_due_idx" ON "loyalty_rank_prizes" USING btree ("app_key","period_key") WHERE paid_at is null;--> statement-breakpoint
CREATE INDEX "loyalty_rank_scores_board_idx" ON "loyalty_rank_scores" USING btree ("app_key","period_key","score_minor" DESC NULLS LAST,"reached_at","user_id");--> statement-breakpoint
CREATE INDEX "loyalty_task_progress_claimable_idx" ON "loyalty_task_progress" USING btree ("user_id") WHERE claimed_at is null;