-- A search near a point or in a map's box with filters (type, price, features, what must fit) read every
-- listing in the box from the table to test them (issue 44's "fit, three filters and a radius": 7 ms a
-- query, p99 over 600 ms in the bench). The box index now carries the columns those filters read, so
-- finding the page's ids and the total is an index-only scan again, as for a box without filters.
DROP INDEX IF EXISTS "storages_geo_idx";--> statement-breakpoint
CREATE INDEX "storages_geo_idx" ON "storages" USING btree ("approx_lat","approx_lng") INCLUDE ("score","created_at","id","space_type","price_cents","size_sqft","height_ft","feature_mask") WHERE status = 'active';
