CREATE TABLE "disease_diagnoses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"result" jsonb NOT NULL,
	"thumbnail" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "disease_diagnoses" ADD CONSTRAINT "disease_diagnoses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disease_diagnoses_user_created_idx" ON "disease_diagnoses" USING btree ("user_id","created_at");