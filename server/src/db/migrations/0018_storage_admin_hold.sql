ALTER TABLE "storages" ADD COLUMN "held_by_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "storages" ADD COLUMN "hold_reason" text;