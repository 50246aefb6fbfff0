ALTER TABLE "alerts" ADD COLUMN "cleared_by" uuid;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_cleared_by_users_id_fk" FOREIGN KEY ("cleared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "alerts" ALTER COLUMN "status" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "alerts" ALTER COLUMN "severity" SET DATA TYPE text;--> statement-breakpoint
-- >>> HAND-ADDED (issue 16, alarm lifecycle): map the old rows onto the new values before the new types exist.
-- status: unacknowledged | assigned → active_unack (cleared_unack when resolved); acknowledged → active_ack
-- (cleared_ack when resolved). Assignment stays in assigned_to. severity: high → critical, medium → major,
-- low → minor ('warning' is new). A resolved alert's timeline 'resolved' entry becomes 'cleared' (auto, by the
-- engine); the engine's old 'updated' entries become 'repeated'. last_seen_at of old rows: their updated_at.
UPDATE "alerts" SET "status" = CASE
  WHEN "status" = 'acknowledged' THEN (CASE WHEN "resolved_at" IS NULL THEN 'active_ack' ELSE 'cleared_ack' END)
  ELSE (CASE WHEN "resolved_at" IS NULL THEN 'active_unack' ELSE 'cleared_unack' END)
END;--> statement-breakpoint
UPDATE "alerts" SET "severity" = CASE "severity" WHEN 'high' THEN 'critical' WHEN 'medium' THEN 'major' WHEN 'low' THEN 'minor' ELSE "severity" END;--> statement-breakpoint
UPDATE "alerts" SET "last_seen_at" = "updated_at";--> statement-breakpoint
UPDATE "alert_actions" SET "action" = 'cleared', "detail" = '{"auto": true}'::jsonb WHERE "action" = 'resolved';--> statement-breakpoint
UPDATE "alert_actions" SET "action" = 'repeated' WHERE "action" = 'updated';--> statement-breakpoint
-- <<< END HAND-ADDED
DROP TYPE "public"."alert_status";--> statement-breakpoint
CREATE TYPE "public"."alert_status" AS ENUM('active_unack', 'active_ack', 'cleared_unack', 'cleared_ack');--> statement-breakpoint
ALTER TABLE "alerts" ALTER COLUMN "status" SET DATA TYPE "public"."alert_status" USING "status"::"public"."alert_status";--> statement-breakpoint
ALTER TABLE "alerts" ALTER COLUMN "status" SET DEFAULT 'active_unack'::"public"."alert_status";--> statement-breakpoint
DROP TYPE "public"."severity";--> statement-breakpoint
CREATE TYPE "public"."severity" AS ENUM('critical', 'major', 'minor', 'warning');--> statement-breakpoint
ALTER TABLE "alerts" ALTER COLUMN "severity" SET DATA TYPE "public"."severity" USING "severity"::"public"."severity";
