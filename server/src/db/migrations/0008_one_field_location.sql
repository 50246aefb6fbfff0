-- A field has one location (fields.lat/lng); a GPS survey row carries the same point. Before this, a mobile GPS
-- update moved only the survey row and the field table's 'set location' only the field, so a field could have
-- two places. The newer of the two wins.
UPDATE "fields" AS f SET "lat" = g."lat", "lng" = g."lng"
FROM "gps_field_locations" AS g
WHERE g."field_id" = f."id"
  AND (f."lat" IS DISTINCT FROM g."lat" OR f."lng" IS DISTINCT FROM g."lng")
  AND (f."lat" IS NULL OR f."lng" IS NULL OR g."last_survey_at" IS NULL OR g."last_survey_at" >= f."updated_at");
--> statement-breakpoint
UPDATE "gps_field_locations" AS g SET "lat" = f."lat", "lng" = f."lng"
FROM "fields" AS f
WHERE g."field_id" = f."id"
  AND f."lat" IS NOT NULL AND f."lng" IS NOT NULL
  AND (f."lat" IS DISTINCT FROM g."lat" OR f."lng" IS DISTINCT FROM g."lng");
