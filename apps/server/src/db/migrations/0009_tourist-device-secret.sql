ALTER TABLE "visitor_devices" DROP CONSTRAINT "visitor_devices_app_key_smid_pk";--> statement-breakpoint
ALTER TABLE "visitor_devices" ADD CONSTRAINT "visitor_devices_app_key_smid_user_id_pk" PRIMARY KEY("app_key","smid","user_id");--> statement-breakpoint
ALTER TABLE "visitor_devices" ADD COLUMN "secret_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "visitor_devices_secret_key" ON "visitor_devices" USING btree ("secret_hash");