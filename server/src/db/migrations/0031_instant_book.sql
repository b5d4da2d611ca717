ALTER TABLE "storages" ADD COLUMN "maximum_days" integer;--> statement-breakpoint
ALTER TABLE "storages" ADD COLUMN "instant_book" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "storages" ADD COLUMN "instant_require_id" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "storages" ADD COLUMN "instant_require_phone" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "storages" ADD COLUMN "instant_min_rating" double precision;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "instant" boolean DEFAULT false NOT NULL;