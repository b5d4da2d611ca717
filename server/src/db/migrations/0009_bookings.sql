CREATE TABLE "bookings" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"storage_id" text NOT NULL,
	"renter_id" text NOT NULL,
	"host_id" text NOT NULL,
	"state" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"note" text DEFAULT '' NOT NULL,
	"currency" text NOT NULL,
	"list_monthly_cents" integer NOT NULL,
	"offer_cents" integer,
	"counter_cents" integer,
	"protection" boolean DEFAULT false NOT NULL,
	"quote" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"checkout_session_id" text,
	"subscription_id" text,
	"payment_intent_id" text,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"paid_through" date,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_storage_id_storages_id_fk" FOREIGN KEY ("storage_id") REFERENCES "public"."storages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_renter_id_users_id_fk" FOREIGN KEY ("renter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_storage_idx" ON "bookings" USING btree ("storage_id","state");--> statement-breakpoint
CREATE INDEX "bookings_renter_idx" ON "bookings" USING btree ("renter_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_host_idx" ON "bookings" USING btree ("host_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_checkout_session_idx" ON "bookings" USING btree ("checkout_session_id") WHERE checkout_session_id is not null;