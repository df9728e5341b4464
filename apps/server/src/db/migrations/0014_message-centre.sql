CREATE TABLE "message_event_cursors" (
	"source" text PRIMARY KEY NOT NULL,
	"cursor_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_reads" (
	"message_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "message_reads_user_id_message_id_pk" PRIMARY KEY("user_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "message_top_bar_closes" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"closed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"app_key" text NOT NULL,
	"audience" text NOT NULL,
	"segment" jsonb,
	"user_id" bigint,
	"message_type" smallint NOT NULL,
	"content_type" smallint NOT NULL,
	"texts" jsonb NOT NULL,
	"buttons" jsonb NOT NULL,
	"icons" jsonb NOT NULL,
	"btn_bk_image" text DEFAULT '' NOT NULL,
	"turn_time" integer NOT NULL,
	"allow_close" boolean NOT NULL,
	"is_h5" boolean NOT NULL,
	"popup_level" real DEFAULT 0 NOT NULL,
	"source_ref" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "messages_audience_check" CHECK ((audience = 'player') = (user_id is not null) and (audience = 'segment') = (segment is not null))
);
--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_top_bar_closes" ADD CONSTRAINT "message_top_bar_closes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_source_ref_key" ON "messages" USING btree ("source_ref");--> statement-breakpoint
CREATE INDEX "messages_player_idx" ON "messages" USING btree ("user_id","id") WHERE user_id is not null;--> statement-breakpoint
CREATE INDEX "messages_brand_idx" ON "messages" USING btree ("app_key","id") WHERE user_id is null;--> statement-breakpoint
CREATE INDEX "payment_orders_final_idx" ON "payment_orders" USING btree ("updated_at") WHERE status in (2, 4);--> statement-breakpoint
CREATE INDEX "bets_won_settled_idx" ON "bets" USING btree ("settled_at") WHERE outcome in (4, 5);--> statement-breakpoint
CREATE INDEX "bonuses_created_idx" ON "bonuses" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "bonuses_unlocked_idx" ON "bonuses" USING btree ("finished_at") WHERE status = 2;