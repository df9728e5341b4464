CREATE TABLE "bet_auto_cash_outs" (
	"bet_id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"target_minor" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"executed_at" timestamp with time zone,
	"amount_minor" bigint
);
--> statement-breakpoint
ALTER TABLE "bet_auto_cash_outs" ADD CONSTRAINT "bet_auto_cash_outs_bet_id_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."bets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bet_auto_cash_outs_armed_idx" ON "bet_auto_cash_outs" USING btree ("bet_id") WHERE executed_at is null;