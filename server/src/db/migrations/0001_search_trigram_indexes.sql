-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it; PGlite loads it in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "fields_name_trgm_idx" ON "fields" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "fields_field_id_trgm_idx" ON "fields" USING gin ("field_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_trgm_idx" ON "users" USING gin ("phone_number" gin_trgm_ops);