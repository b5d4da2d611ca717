CREATE TABLE "user_verifications" (
	"user_id" text PRIMARY KEY NOT NULL,
	"phone" text,
	"phone_verified_at" timestamp with time zone,
	"pending_phone" text,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_tries" integer DEFAULT 0 NOT NULL,
	"identity_session_id" text,
	"identity_status" text,
	"identity_verified_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "storages" ADD COLUMN "require_verified_id" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_verifications" ADD CONSTRAINT "user_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_verifications_identity_session_idx" ON "user_verifications" USING btree ("identity_session_id");--> statement-breakpoint
CREATE INDEX "bookings_confirmed_pair_idx" ON "bookings" USING btree ("renter_id","host_id") WHERE confirmed_at is not null;