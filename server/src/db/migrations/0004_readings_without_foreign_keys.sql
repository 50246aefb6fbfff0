-- The time series takes every reading: a foreign-key check per row made bulk inserts ~3x slower. See schema.ts.
ALTER TABLE "sensor_readings" DROP CONSTRAINT "sensor_readings_sensor_id_sensors_id_fk";
--> statement-breakpoint
ALTER TABLE "sensor_readings" DROP CONSTRAINT "sensor_readings_field_id_fields_id_fk";
