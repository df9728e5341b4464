ALTER TABLE "tracking_events" ADD COLUMN "day" date DEFAULT ((now() at time zone 'utc')::date) NOT NULL;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD COLUMN "eid" text;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD COLUMN "visitor" text;--> statement-breakpoint
UPDATE "tracking_events" SET "day" = ("received_at" at time zone 'utc')::date;--> statement-breakpoint
CREATE INDEX "tracking_events_funnel_idx" ON "tracking_events" USING btree ("app_key","day","event");--> statement-breakpoint
CREATE INDEX "tracking_events_day_idx" ON "tracking_events" USING btree ("day");--> statement-breakpoint
CREATE INDEX "tracking_events_visitor_idx" ON "tracking_events" USING btree ("app_key","visitor");--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_events_eid_key" ON "tracking_events" USING btree ("eid");