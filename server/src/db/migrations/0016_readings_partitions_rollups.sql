-- Sensor data at scale (docs/live-data.md, "Partitions, rollups, retention").
-- 1. sensor_readings becomes a table partitioned by day (UTC) on recorded_at, with the same columns, primary key and
--    index (each partition gets its own). Partitions are named sensor_readings_pYYYYMMDD; the app keeps the next
--    days ready and creates a missing one on demand (modules/sensors/partitions.ts). No DEFAULT partition: it would
--    forbid DETACH PARTITION CONCURRENTLY, which retention uses on PostgreSQL.
-- 2. Hourly and daily rollups per sensor (Asia/Kolkata hours and days), kept by a statement trigger from the rows
--    the statement actually inserted (its transition table: a duplicate absorbed by ON CONFLICT DO NOTHING is not
--    in it), in the inserting transaction.
-- 3. Existing readings move into the partitions (the trigger builds their rollups on the way).
ALTER TABLE "sensor_readings" RENAME TO "sensor_readings_unpartitioned";
--> statement-breakpoint
ALTER TABLE "sensor_readings_unpartitioned" RENAME CONSTRAINT "sensor_readings_sensor_id_recorded_at_pk" TO "sensor_readings_unpartitioned_pk";
--> statement-breakpoint
ALTER INDEX "sensor_readings_field_time_idx" RENAME TO "sensor_readings_unpartitioned_field_time_idx";
--> statement-breakpoint
CREATE TABLE "sensor_readings" (
	"sensor_id" uuid NOT NULL,
	"field_id" uuid NOT NULL,
	"type" "sensor_type" NOT NULL,
	"value" double precision NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sensor_readings_sensor_id_recorded_at_pk" PRIMARY KEY("sensor_id","recorded_at")
) PARTITION BY RANGE ("recorded_at");
--> statement-breakpoint
CREATE INDEX "sensor_readings_field_time_idx" ON "sensor_readings" USING btree ("field_id","recorded_at");
--> statement-breakpoint
CREATE TABLE "sensor_rollups_daily" (
	"sensor_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"field_id" uuid NOT NULL,
	"type" "sensor_type" NOT NULL,
	"count" integer NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"sum" double precision NOT NULL,
	"last_value" double precision NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sensor_rollups_daily_field_id_bucket_type_sensor_id_pk" PRIMARY KEY("field_id","bucket","type","sensor_id")
);
--> statement-breakpoint
CREATE TABLE "sensor_rollups_hourly" (
	"sensor_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"field_id" uuid NOT NULL,
	"type" "sensor_type" NOT NULL,
	"count" integer NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"sum" double precision NOT NULL,
	"last_value" double precision NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sensor_rollups_hourly_field_id_bucket_type_sensor_id_pk" PRIMARY KEY("field_id","bucket","type","sensor_id")
);
--> statement-breakpoint
-- Rows are upserted in key order so that two concurrent batches lock shared rollup rows in the same order (no deadlock).
CREATE FUNCTION "sensor_readings_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sensor_rollups_hourly AS h (field_id, bucket, type, sensor_id, count, min, max, sum, last_value, last_at)
  SELECT field_id, b, type, sensor_id, count(*), min(value), max(value), sum(value),
         (array_agg(value ORDER BY recorded_at DESC))[1], max(recorded_at)
  FROM (SELECT n.field_id, n.type, n.sensor_id, n.value, n.recorded_at,
               date_trunc('hour', n.recorded_at AT TIME ZONE 'Asia/Kolkata') AT TIME ZONE 'Asia/Kolkata' AS b
        FROM new_readings n) x
  GROUP BY field_id, b, type, sensor_id
  ORDER BY field_id, b, type, sensor_id
  ON CONFLICT (field_id, bucket, type, sensor_id) DO UPDATE SET
    count = h.count + excluded.count,
    min = least(h.min, excluded.min),
    max = greatest(h.max, excluded.max),
    sum = h.sum + excluded.sum,
    last_value = CASE WHEN excluded.last_at >= h.last_at THEN excluded.last_value ELSE h.last_value END,
    last_at = greatest(h.last_at, excluded.last_at);
  INSERT INTO sensor_rollups_daily AS d (field_id, bucket, type, sensor_id, count, min, max, sum, last_value, last_at)
  SELECT field_id, b, type, sensor_id, count(*), min(value), max(value), sum(value),
         (array_agg(value ORDER BY recorded_at DESC))[1], max(recorded_at)
  FROM (SELECT n.field_id, n.type, n.sensor_id, n.value, n.recorded_at,
               date_trunc('day', n.recorded_at AT TIME ZONE 'Asia/Kolkata') AT TIME ZONE 'Asia/Kolkata' AS b
        FROM new_readings n) x
  GROUP BY field_id, b, type, sensor_id
  ORDER BY field_id, b, type, sensor_id
  ON CONFLICT (field_id, bucket, type, sensor_id) DO UPDATE SET
    count = d.count + excluded.count,
    min = least(d.min, excluded.min),
    max = greatest(d.max, excluded.max),
    sum = d.sum + excluded.sum,
    last_value = CASE WHEN excluded.last_at >= d.last_at THEN excluded.last_value ELSE d.last_value END,
    last_at = greatest(d.last_at, excluded.last_at);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sensor_readings_rollup" AFTER INSERT ON "sensor_readings"
  REFERENCING NEW TABLE AS new_readings FOR EACH STATEMENT EXECUTE FUNCTION "sensor_readings_rollup"();
--> statement-breakpoint
-- Also under session_replication_role = replica (the demo seed skips foreign-key triggers that way): rollups must
-- follow every inserted reading.
ALTER TABLE "sensor_readings" ENABLE ALWAYS TRIGGER "sensor_readings_rollup";
--> statement-breakpoint
-- One partition per UTC day that holds data, and from two days ago to three days ahead.
DO $$
DECLARE
  d date;
BEGIN
  FOR d IN
    SELECT DISTINCT (recorded_at AT TIME ZONE 'UTC')::date FROM sensor_readings_unpartitioned
    UNION
    SELECT generate_series((now() AT TIME ZONE 'UTC')::date - 2, (now() AT TIME ZONE 'UTC')::date + 3, interval '1 day')::date
  LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF sensor_readings FOR VALUES FROM (%L) TO (%L)',
      'sensor_readings_p' || to_char(d, 'YYYYMMDD'), d::text || ' 00:00:00+00', (d + 1)::text || ' 00:00:00+00');
  END LOOP;
END $$;
--> statement-breakpoint
INSERT INTO "sensor_readings" (sensor_id, field_id, type, value, recorded_at, received_at)
  SELECT sensor_id, field_id, type, value, recorded_at, received_at FROM "sensor_readings_unpartitioned";
--> statement-breakpoint
DROP TABLE "sensor_readings_unpartitioned";
