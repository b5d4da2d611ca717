ALTER TABLE "referrals" ADD COLUMN "reward_booking_id" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_reward_booking_id_bookings_id_fk" FOREIGN KEY ("reward_booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;