-- Kept list pages (lib/countCache.ts) show more than the counts depend on, so the versions follow what the lists
-- show: any change to a user (village, district, last sign-in, …) raises the users version, and a field's shown
-- columns (crop, area, position) raise the fields version. A field's last reading (every ingest batch) still
-- does not: a kept field page re-reads it with the versions.
DROP TRIGGER "users_list_version" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_list_version" AFTER INSERT OR DELETE OR UPDATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_list_version"();--> statement-breakpoint
DROP TRIGGER "fields_list_version" ON "fields";--> statement-breakpoint
CREATE TRIGGER "fields_list_version" AFTER INSERT OR DELETE OR UPDATE OF "farmer_id", "health", "operational_status", "name", "field_id", "yield_actual", "yield_expected", "crop_name", "area_value", "area_unit", "lat", "lng" ON "fields"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_list_version"();
