CREATE TYPE "public"."alert_status" AS ENUM('unacknowledged', 'acknowledged', 'assigned');--> statement-breakpoint
CREATE TYPE "public"."alert_type" AS ENUM('moisture', 'temperature', 'pest', 'irrigation', 'offline');--> statement-breakpoint
CREATE TYPE "public"."area_unit" AS ENUM('acres', 'hectares', 'sq_meters');--> statement-breakpoint
CREATE TYPE "public"."crop_status" AS ENUM('planning', 'prepared', 'planted', 'growing', 'flowering', 'fruiting', 'harvested', 'fallow');--> statement-breakpoint
CREATE TYPE "public"."field_health" AS ENUM('good', 'warning', 'alert');--> statement-breakpoint
CREATE TYPE "public"."field_state" AS ENUM('active', 'maintenance', 'inactive', 'harvested');--> statement-breakpoint
CREATE TYPE "public"."gps_soil_type" AS ENUM('unknown', 'clay', 'loam', 'sandy', 'silt', 'peaty', 'chalky');--> statement-breakpoint
CREATE TYPE "public"."gps_status" AS ENUM('active', 'inactive', 'fallow', 'sold');--> statement-breakpoint
CREATE TYPE "public"."irrigation_type" AS ENUM('manual', 'drip', 'sprinkler', 'flood', 'canal', 'none');--> statement-breakpoint
CREATE TYPE "public"."language" AS ENUM('marathi', 'english', 'hindi');--> statement-breakpoint
CREATE TYPE "public"."login_status" AS ENUM('success', 'failed', 'suspicious');--> statement-breakpoint
CREATE TYPE "public"."outbox_channel" AS ENUM('email', 'sms');--> statement-breakpoint
CREATE TYPE "public"."recommendation_status" AS ENUM('pending', 'approved', 'rejected', 'implemented');--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('superadmin', 'admin', 'coordinator', 'farmer');--> statement-breakpoint
CREATE TYPE "public"."sensor_status" AS ENUM('active', 'inactive', 'maintenance', 'offline');--> statement-breakpoint
CREATE TYPE "public"."sensor_type" AS ENUM('moisture', 'temperature', 'humidity', 'ph', 'nitrogen', 'weather');--> statement-breakpoint
CREATE TYPE "public"."severity" AS ENUM('high', 'medium', 'low');--> statement-breakpoint
CREATE TYPE "public"."soil_type" AS ENUM('black', 'red', 'laterite', 'alluvial', 'mountain', 'desert', 'other');--> statement-breakpoint
CREATE TYPE "public"."user_status" AS ENUM('Active', 'Inactive');--> statement-breakpoint
CREATE TYPE "public"."yield_unit" AS ENUM('kg', 'quintal', 'ton');--> statement-breakpoint
CREATE TABLE "ai_recommendations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"field_id" uuid NOT NULL,
	"crop_name" text NOT NULL,
	"season" text NOT NULL,
	"status" "recommendation_status" DEFAULT 'pending' NOT NULL,
	"confidence" double precision NOT NULL,
	"expected_yield" double precision,
	"yield_unit" "yield_unit" DEFAULT 'quintal' NOT NULL,
	"planting_date" date,
	"current_price" double precision,
	"risk_factors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recommendations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_recommendations_confidence" CHECK ("ai_recommendations"."confidence" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "alert_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alert_id" uuid NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_reads" (
	"alert_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_reads_alert_id_user_id_pk" PRIMARY KEY("alert_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"field_id" uuid NOT NULL,
	"farmer_id" uuid,
	"sensor_id" uuid,
	"type" "alert_type" NOT NULL,
	"severity" "severity" NOT NULL,
	"status" "alert_status" DEFAULT 'unacknowledged' NOT NULL,
	"message" text NOT NULL,
	"message_key" text,
	"message_params" jsonb,
	"value" double precision,
	"threshold" double precision,
	"assigned_to" uuid,
	"assigned_by" uuid,
	"assigned_at" timestamp with time zone,
	"acknowledged_by" uuid,
	"acknowledged_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_secrets" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backup_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crop_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"field_id" uuid NOT NULL,
	"crop" text NOT NULL,
	"variety" text,
	"season" text,
	"planted_date" date,
	"harvested_date" date,
	"yield" double precision,
	"yield_unit" "yield_unit" DEFAULT 'quintal' NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "field_financials" (
	"field_id" uuid PRIMARY KEY NOT NULL,
	"seeds" double precision DEFAULT 0 NOT NULL,
	"fertilizers" double precision DEFAULT 0 NOT NULL,
	"pesticides" double precision DEFAULT 0 NOT NULL,
	"labor" double precision DEFAULT 0 NOT NULL,
	"irrigation" double precision DEFAULT 0 NOT NULL,
	"other" double precision DEFAULT 0 NOT NULL,
	"revenue_expected" double precision,
	"revenue_actual" double precision,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "field_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"field_id" uuid NOT NULL,
	"author_id" uuid,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"field_id" text NOT NULL,
	"name" text NOT NULL,
	"farmer_id" uuid,
	"created_by" uuid,
	"health" "field_health" DEFAULT 'good' NOT NULL,
	"operational_status" "field_state" DEFAULT 'active' NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"address_state" text,
	"district" text,
	"village" text,
	"pincode" text,
	"full_address" text,
	"area_value" double precision,
	"area_unit" "area_unit" DEFAULT 'acres' NOT NULL,
	"soil_type" "soil_type",
	"ph" double precision,
	"organic_matter" double precision,
	"nitrogen" double precision,
	"phosphorus" double precision,
	"potassium" double precision,
	"soil_last_tested" date,
	"crop_name" text,
	"crop_variety" text,
	"planted_date" date,
	"expected_harvest" date,
	"crop_status" "crop_status" DEFAULT 'planning' NOT NULL,
	"yield_expected" double precision,
	"yield_actual" double precision,
	"yield_unit" "yield_unit" DEFAULT 'kg' NOT NULL,
	"irrigation_type" "irrigation_type" DEFAULT 'manual' NOT NULL,
	"irrigation_automation" boolean DEFAULT false NOT NULL,
	"irrigation_frequency" text,
	"irrigation_duration_minutes" integer,
	"irrigation_time_slots" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"moisture_low" double precision DEFAULT 25 NOT NULL,
	"temperature_high" double precision DEFAULT 35 NOT NULL,
	"offline_after_minutes" integer DEFAULT 120 NOT NULL,
	"last_moisture" double precision,
	"last_temperature" double precision,
	"last_reading_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fields_lat_range" CHECK ("fields"."lat" is null or "fields"."lat" between -90 and 90),
	CONSTRAINT "fields_lng_range" CHECK ("fields"."lng" is null or "fields"."lng" between -180 and 180),
	CONSTRAINT "fields_ph_range" CHECK ("fields"."ph" is null or "fields"."ph" between 0 and 14),
	CONSTRAINT "fields_om_range" CHECK ("fields"."organic_matter" is null or "fields"."organic_matter" between 0 and 100),
	CONSTRAINT "fields_nutrients_nonneg" CHECK (coalesce("fields"."nitrogen", 0) >= 0 and coalesce("fields"."phosphorus", 0) >= 0 and coalesce("fields"."potassium", 0) >= 0),
	CONSTRAINT "fields_area_nonneg" CHECK ("fields"."area_value" is null or "fields"."area_value" >= 0),
	CONSTRAINT "fields_duration_nonneg" CHECK ("fields"."irrigation_duration_minutes" is null or "fields"."irrigation_duration_minutes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "gps_field_locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"field_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" "gps_status" DEFAULT 'active' NOT NULL,
	"lng" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"area_value" double precision,
	"area_unit" "area_unit" DEFAULT 'acres' NOT NULL,
	"elevation" double precision,
	"soil_type" "gps_soil_type" DEFAULT 'unknown' NOT NULL,
	"irrigation_type" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"accuracy" double precision,
	"survey_method" text,
	"last_survey_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gps_lat_range" CHECK ("gps_field_locations"."lat" between -90 and 90),
	CONSTRAINT "gps_lng_range" CHECK ("gps_field_locations"."lng" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "login_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"session_id" uuid,
	"status" "login_status" NOT NULL,
	"reason" text,
	"ip_address" text,
	"user_agent" text,
	"device_type" text,
	"location" text,
	"reported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_recipients" (
	"message_id" uuid NOT NULL,
	"farmer_id" uuid NOT NULL,
	"read_at" timestamp with time zone,
	"sms_status" text,
	CONSTRAINT "message_recipients_message_id_farmer_id_pk" PRIMARY KEY("message_id","farmer_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sender_id" uuid,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mobile_otps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone_number" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ndvi_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"radius" integer DEFAULT 500 NOT NULL,
	"name" text NOT NULL,
	"provider" text NOT NULL,
	"provider_field_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" "outbox_channel" NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"provider" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sensor_readings" (
	"sensor_id" uuid NOT NULL,
	"field_id" uuid NOT NULL,
	"type" "sensor_type" NOT NULL,
	"value" double precision NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sensor_readings_sensor_id_recorded_at_pk" PRIMARY KEY("sensor_id","recorded_at")
);
--> statement-breakpoint
CREATE TABLE "sensors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sensor_id" text NOT NULL,
	"field_id" uuid NOT NULL,
	"type" "sensor_type" DEFAULT 'moisture' NOT NULL,
	"status" "sensor_status" DEFAULT 'active' NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"device_key_hash" text,
	"device_key_created_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"refresh_hash" text NOT NULL,
	"user_agent" text,
	"ip_address" text,
	"device_type" text,
	"location" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
CREATE TABLE "two_factor" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"last_used_step" integer,
	"enabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"password_hash" text NOT NULL,
	"role" "role" NOT NULL,
	"managed_by" uuid,
	"status" "user_status" DEFAULT 'Active' NOT NULL,
	"address" text,
	"village" text,
	"district" text,
	"state" text,
	"pincode" text,
	"preferred_language" "language" DEFAULT 'marathi' NOT NULL,
	"notification_preferences" jsonb DEFAULT '{"email":true,"sms":true,"push":true,"alerts":true,"reports":true}'::jsonb NOT NULL,
	"profile_image" text,
	"last_active_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_lower" CHECK ("users"."email" = lower("users"."email")),
	CONSTRAINT "users_phone_digits" CHECK ("users"."phone_number" is null or "users"."phone_number" ~ '^[0-9]{10}$'),
	CONSTRAINT "users_pincode_digits" CHECK ("users"."pincode" is null or "users"."pincode" ~ '^[0-9]{6}$'),
	CONSTRAINT "users_only_farmers_managed" CHECK ("users"."managed_by" is null or "users"."role" = 'farmer')
);
--> statement-breakpoint
CREATE TABLE "weather_stations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"station_id" text NOT NULL,
	"name" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"temperature" double precision,
	"humidity" double precision,
	"observed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ai_recommendations" ADD CONSTRAINT "ai_recommendations_field_id_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_recommendations" ADD CONSTRAINT "ai_recommendations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_recommendations" ADD CONSTRAINT "ai_recommendations_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_actions" ADD CONSTRAINT "alert_actions_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_actions" ADD CONSTRAINT "alert_actions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_reads" ADD CONSTRAINT "alert_reads_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_reads" ADD CONSTRAINT "alert_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_field_id_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_farmer_id_users_id_fk" FOREIGN KEY ("farmer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_sensor_id_sensors_id_fk" FOREIGN KEY ("sensor_id") REFERENCES "public"."sensors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_codes" ADD CONSTRAINT "backup_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crop_history" ADD CONSTRAINT "crop_history_field_id_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_financials" ADD CONSTRAINT "field_financials_field_id_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_notes" ADD CONSTRAINT "field_notes_field_id_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_notes" ADD CONSTRAINT "field_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fields" ADD CONSTRAINT "fields_farmer_id_users_id_fk" FOREIGN KEY ("farmer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fields" ADD CONSTRAINT "fields_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gps_field_locations" ADD CONSTRAINT "gps_field_locations_field_id_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_history" ADD CONSTRAINT "login_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_history" ADD CONSTRAINT "login_history_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_farmer_id_users_id_fk" FOREIGN KEY ("farmer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ndvi_fields" ADD CONSTRAINT "ndvi_fields_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_readings" ADD CONSTRAINT "sensor_readings_sensor_id_sensors_id_fk" FOREIGN KEY ("sensor_id") REFERENCES "public"."sensors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_readings" ADD CONSTRAINT "sensor_readings_field_id_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensors" ADD CONSTRAINT "sensors_field_id_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor" ADD CONSTRAINT "two_factor_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_managed_by_users_id_fk" FOREIGN KEY ("managed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_recommendations_field_idx" ON "ai_recommendations" USING btree ("field_id","created_at");--> statement-breakpoint
CREATE INDEX "alert_actions_alert_idx" ON "alert_actions" USING btree ("alert_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_one_open_per_field_type" ON "alerts" USING btree ("field_id","type") WHERE "alerts"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "alerts_farmer_time_idx" ON "alerts" USING btree ("farmer_id","created_at");--> statement-breakpoint
CREATE INDEX "alerts_time_idx" ON "alerts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "alerts_assigned_idx" ON "alerts" USING btree ("assigned_to");--> statement-breakpoint
CREATE INDEX "backup_codes_user_idx" ON "backup_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "crop_history_field_idx" ON "crop_history" USING btree ("field_id","planted_date");--> statement-breakpoint
CREATE INDEX "field_notes_field_idx" ON "field_notes" USING btree ("field_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fields_field_id_key" ON "fields" USING btree ("field_id");--> statement-breakpoint
CREATE INDEX "fields_farmer_idx" ON "fields" USING btree ("farmer_id");--> statement-breakpoint
CREATE INDEX "fields_name_idx" ON "fields" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "gps_field_locations_field_key" ON "gps_field_locations" USING btree ("field_id");--> statement-breakpoint
CREATE INDEX "gps_field_locations_position_idx" ON "gps_field_locations" USING btree ("lat","lng");--> statement-breakpoint
CREATE INDEX "login_history_user_idx" ON "login_history" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "login_history_email_idx" ON "login_history" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "login_history_ip_idx" ON "login_history" USING btree ("ip_address","created_at");--> statement-breakpoint
CREATE INDEX "message_recipients_farmer_idx" ON "message_recipients" USING btree ("farmer_id");--> statement-breakpoint
CREATE INDEX "messages_sender_idx" ON "messages" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "mobile_otps_phone_idx" ON "mobile_otps" USING btree ("phone_number","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ndvi_fields_user_position_key" ON "ndvi_fields" USING btree ("user_id","lat","lon");--> statement-breakpoint
CREATE INDEX "outbox_recipient_idx" ON "outbox" USING btree ("recipient","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_token_key" ON "password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sensor_readings_field_time_idx" ON "sensor_readings" USING btree ("field_id","recorded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sensors_sensor_id_key" ON "sensors" USING btree ("sensor_id");--> statement-breakpoint
CREATE INDEX "sensors_field_idx" ON "sensors" USING btree ("field_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_managed_by_idx" ON "users" USING btree ("managed_by");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role","name");--> statement-breakpoint
CREATE UNIQUE INDEX "weather_stations_station_key" ON "weather_stations" USING btree ("station_id");--> statement-breakpoint
CREATE INDEX "weather_stations_position_idx" ON "weather_stations" USING btree ("lat","lng");