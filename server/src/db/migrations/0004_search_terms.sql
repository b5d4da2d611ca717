CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "storages_type_price_idx";--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "storages_filter_idx" ON "storages" USING btree ("space_type","price_cents","size_sqft") INCLUDE ("features","search_text") WHERE status = 'active';
--> statement-breakpoint
CREATE FUNCTION "search_terms_collect"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "search_terms" ("term")
	SELECT DISTINCT w FROM "changed_rows" r, regexp_split_to_table(r."search_text", '\s+') AS w
	WHERE r."status" = 'active' AND length(w) >= 3 AND w ~ '[a-z]'
	ON CONFLICT DO NOTHING;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "storages_search_terms_insert" AFTER INSERT ON "storages" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_terms_collect"();
--> statement-breakpoint
CREATE TRIGGER "storages_search_terms_update" AFTER UPDATE ON "storages" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_terms_collect"();
--> statement-breakpoint
INSERT INTO "search_terms" ("term")
SELECT DISTINCT w FROM "storages" s, regexp_split_to_table(s."search_text", '\s+') AS w
WHERE s."status" = 'active' AND length(w) >= 3 AND w ~ '[a-z]'
ON CONFLICT DO NOTHING;
