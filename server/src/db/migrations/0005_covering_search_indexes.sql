DROP INDEX "storages_geo_idx";--> statement-breakpoint
CREATE INDEX "storages_geo_idx" ON "storages" USING btree ("approx_lat","approx_lng") INCLUDE ("score","created_at","id") WHERE status = 'active';--> statement-breakpoint
DROP INDEX "storages_recommended_idx";--> statement-breakpoint
CREATE INDEX "storages_recommended_idx" ON "storages" USING btree ("score" DESC NULLS LAST,"created_at" DESC NULLS LAST) INCLUDE ("space_type","price_cents","size_sqft","features","id") WHERE status = 'active';--> statement-breakpoint
DROP INDEX "storages_newest_idx";--> statement-breakpoint
CREATE INDEX "storages_newest_idx" ON "storages" USING btree ("created_at" DESC NULLS LAST) INCLUDE ("space_type","price_cents","size_sqft","features","id") WHERE status = 'active';--> statement-breakpoint
DROP INDEX "storages_price_idx";--> statement-breakpoint
CREATE INDEX "storages_price_idx" ON "storages" USING btree ("price_cents") INCLUDE ("space_type","size_sqft","features","id") WHERE status = 'active';--> statement-breakpoint
DROP INDEX "storages_size_idx";--> statement-breakpoint
CREATE INDEX "storages_size_idx" ON "storages" USING btree ("size_sqft") INCLUDE ("space_type","price_cents","features","id") WHERE status = 'active';
