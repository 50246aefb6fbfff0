CREATE TYPE "public"."password_link_purpose" AS ENUM('reset', 'invite');--> statement-breakpoint
CREATE TYPE "public"."sms_code_purpose" AS ENUM('login', 'reset');--> statement-breakpoint
ALTER TABLE "mobile_otps" ADD COLUMN "purpose" "sms_code_purpose" DEFAULT 'login' NOT NULL;--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "purpose" "password_link_purpose" DEFAULT 'reset' NOT NULL;