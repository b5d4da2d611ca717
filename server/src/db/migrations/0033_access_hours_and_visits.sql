CREATE TABLE "visits" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"booking_id" text NOT NULL,
	"proposed_by" text NOT NULL,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"minutes" integer NOT NULL,
	"time_zone" text NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"replaces_id" text,
	"client_id" text,
	"responded_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "storages" ADD COLUMN "access_schedule" jsonb;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visits_booking_idx" ON "visits" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "visits_due_idx" ON "visits" USING btree ("starts_at") WHERE status = 'confirmed' and reminded_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "visits_client_idx" ON "visits" USING btree ("proposed_by","client_id");