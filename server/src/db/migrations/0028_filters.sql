-- drive_up is feature bit 11: PostgreSQL 15 cannot change a generated column's expression, so feature_mask
-- is re-created (existing listings get the same bits, none has drive_up), and with it the covering indexes
-- that carry it (dropping the column dropped them), as migration 0006 made them.
ALTER TABLE "storages" drop column "feature_mask";--> statement-breakpoint
ALTER TABLE "storages" ADD COLUMN "feature_mask" integer GENERATED ALWAYS AS (coalesce((('climate_controlled' = any(features))::int << 0) | (('indoor' = any(features))::int << 1) | (('private_entrance' = any(features))::int << 2) | (('locked' = any(features))::int << 3) | (('security_camera' = any(features))::int << 4) | (('smoke_detector' = any(features))::int << 5) | (('ground_level' = any(features))::int << 6) | (('vehicle_access' = any(features))::int << 7) | (('access_24_7' = any(features))::int << 8) | (('pet_free' = any(features))::int << 9) | (('smoke_free' = any(features))::int << 10) | (('drive_up' = any(features))::int << 11), 0)) STORED;--> statement-breakpoint
ALTER TABLE "storages" ADD COLUMN "setting" text;--> statement-breakpoint
ALTER TABLE "storages" ADD COLUMN "vehicle_max_length_ft" double precision;--> statement-breakpoint
-- The one setting existing listings already say: the indoor feature.
UPDATE "storages" SET "setting" = 'indoor' WHERE 'indoor' = any(features);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "storages_filter_idx" ON "storages" USING btree ("space_type","price_cents","size_sqft") INCLUDE ("feature_mask","search_text") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "storages_recommended_idx" ON "storages" USING btree ("score" DESC NULLS LAST,"created_at" DESC NULLS LAST) INCLUDE ("space_type","price_cents","size_sqft","feature_mask","id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "storages_newest_idx" ON "storages" USING btree ("created_at" DESC NULLS LAST) INCLUDE ("space_type","price_cents","size_sqft","feature_mask","id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "storages_price_idx" ON "storages" USING btree ("price_cents") INCLUDE ("space_type","size_sqft","feature_mask","id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "storages_size_idx" ON "storages" USING btree ("size_sqft") INCLUDE ("space_type","price_cents","feature_mask","id") WHERE status = 'active';--> statement-breakpoint
ANALYZE "storages";
