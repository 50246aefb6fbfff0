-- Versions of the tables the staff lists count, raised by statement triggers (see schema.ts listVersions).
CREATE TABLE "list_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The tables whose counts the staff lists and stat cards cache (lib/countCache.ts).
INSERT INTO "list_versions" ("name") VALUES ('users'), ('fields'), ('alerts');--> statement-breakpoint
CREATE FUNCTION "bump_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "list_versions" SET "version" = "version" + 1 WHERE "name" = TG_TABLE_NAME;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Only the columns a count or a filter depends on: a field's last reading (every ingest batch) or a user's
-- last sign-in does not raise the version.
CREATE TRIGGER "users_list_version" AFTER INSERT OR DELETE OR UPDATE OF "role", "status", "managed_by", "name", "email", "phone_number" ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_list_version"();--> statement-breakpoint
CREATE TRIGGER "users_list_version_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "bump_list_version"();--> statement-breakpoint
CREATE TRIGGER "fields_list_version" AFTER INSERT OR DELETE OR UPDATE OF "farmer_id", "health", "operational_status", "name", "field_id", "yield_actual", "yield_expected" ON "fields"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_list_version"();--> statement-breakpoint
CREATE TRIGGER "fields_list_version_truncate" AFTER TRUNCATE ON "fields" FOR EACH STATEMENT EXECUTE FUNCTION "bump_list_version"();--> statement-breakpoint
CREATE TRIGGER "alerts_list_version" AFTER INSERT OR DELETE OR UPDATE OF "farmer_id", "field_id", "resolved_at", "created_at" ON "alerts"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_list_version"();--> statement-breakpoint
CREATE TRIGGER "alerts_list_version_truncate" AFTER TRUNCATE ON "alerts" FOR EACH STATEMENT EXECUTE FUNCTION "bump_list_version"();
