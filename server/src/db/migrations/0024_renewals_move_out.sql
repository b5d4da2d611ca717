ALTER TABLE "bookings" ADD COLUMN "payment_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "late_invoice_id" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "next_payment_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "notice_by" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "space_cleared_at" timestamp with time zone;