-- One lower-cased search column per table (name, e-mail, phone / name, field ID) with one trigram index:
-- a list search becomes one `like` served by that index instead of several `ilike`s over the whole table.
DROP INDEX "fields_name_trgm_idx";--> statement-breakpoint
DROP INDEX "fields_field_id_trgm_idx";--> statement-breakpoint
DROP INDEX "users_name_trgm_idx";--> statement-breakpoint
DROP INDEX "users_email_trgm_idx";--> statement-breakpoint
DROP INDEX "users_phone_trgm_idx";--> statement-breakpoint
ALTER TABLE "fields" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("fields"."name" || chr(10) || "fields"."field_id")) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("users"."name" || chr(10) || "users"."email" || chr(10) || coalesce("users"."phone_number", ''))) STORED;--> statement-breakpoint
CREATE INDEX "fields_search_trgm_idx" ON "fields" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_lower_trgm_idx" ON "users" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
-- Statistics for the new columns, so the planner knows how selective a search is from the start.
ANALYZE "users";--> statement-breakpoint
ANALYZE "fields";