ALTER TABLE "player_limit_usage" ADD COLUMN "currency" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "player_limit_usage" u SET "currency" = l."currency" FROM "player_limits" l WHERE l."user_id" = u."user_id" AND l."kind" = u."kind" AND l."period" = u."period" AND u."kind" IN ('wager', 'loss');--> statement-breakpoint
ALTER TABLE "player_limit_usage" DROP CONSTRAINT "player_limit_usage_user_id_kind_period_window_start_pk";--> statement-breakpoint
ALTER TABLE "player_limits" DROP CONSTRAINT "player_limits_user_id_kind_period_pk";--> statement-breakpoint
ALTER TABLE "player_limit_usage" ADD CONSTRAINT "player_limit_usage_user_id_kind_period_currency_window_start_pk" PRIMARY KEY("user_id","kind","period","currency","window_start");--> statement-breakpoint
ALTER TABLE "player_limits" ADD CONSTRAINT "player_limits_user_id_kind_period_currency_pk" PRIMARY KEY("user_id","kind","period","currency");
