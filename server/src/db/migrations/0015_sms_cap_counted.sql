ALTER TABLE "notification_jobs" ADD COLUMN "sms_counted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "notification_jobs_sms_counted_idx" ON "notification_jobs" USING btree ("recipient_id","sms_counted_at") WHERE "notification_jobs"."sms_counted_at" is not null;--> statement-breakpoint
-- The SMS already sent count against today's cap as before (the worker now counts them here).
UPDATE "notification_jobs" SET "sms_counted_at" = "updated_at" WHERE "channel" = 'sms' AND "status" = 'sent';
