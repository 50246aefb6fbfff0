-- The staff lists page in (name, id) order; these indexes give a page by walking, without sorting every match.
DROP INDEX "fields_name_idx";--> statement-breakpoint
DROP INDEX "users_managed_by_idx";--> statement-breakpoint
DROP INDEX "users_role_idx";--> statement-breakpoint
CREATE INDEX "fields_name_id_idx" ON "fields" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "users_managed_by_name_idx" ON "users" USING btree ("managed_by","name","id");--> statement-breakpoint
CREATE INDEX "users_role_name_idx" ON "users" USING btree ("role","name","id");