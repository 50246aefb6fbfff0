CREATE TABLE "api_latency_hours" (
	"hour" timestamp with time zone NOT NULL,
	"instance" text NOT NULL,
	"count" integer NOT NULL,
	"buckets" jsonb NOT NULL,
	"p50_ms" double precision,
	"p95_ms" double precision,
	"demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "api_latency_hours_hour_instance_pk" PRIMARY KEY("hour","instance")
);
--> statement-breakpoint
CREATE TABLE "chat_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_samples" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"resolution" text NOT NULL,
	"samples" integer NOT NULL,
	"up_samples" integer NOT NULL,
	"broker_down_samples" integer DEFAULT 0 NOT NULL,
	"ingest_queued_max" integer DEFAULT 0 NOT NULL,
	"readings_accepted" integer DEFAULT 0 NOT NULL,
	"readings_rejected" integer DEFAULT 0 NOT NULL,
	"demo" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"up" boolean NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_answers" ADD CONSTRAINT "chat_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_answers_user_idx" ON "chat_answers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "health_samples_at_idx" ON "health_samples" USING btree ("at");--> statement-breakpoint
CREATE INDEX "health_samples_resolution_at_idx" ON "health_samples" USING btree ("resolution","at");--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_subject_key" ON "ratings" USING btree ("subject_kind","subject_id");--> statement-breakpoint
CREATE INDEX "ratings_created_idx" ON "ratings" USING btree ("created_at");