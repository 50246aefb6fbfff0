ALTER TYPE "public"."login_status" ADD VALUE 'throttled';--> statement-breakpoint
ALTER TYPE "public"."login_status" ADD VALUE 'unthrottled';--> statement-breakpoint
ALTER TYPE "public"."login_status" ADD VALUE 'sessions_ended';--> statement-breakpoint
ALTER TABLE "login_history" ADD COLUMN "retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_history" ADD COLUMN "actor_id" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "retired_hashes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "login_history" ADD CONSTRAINT "login_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;