CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "storages" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"host_id" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"space_type" text DEFAULT 'other' NOT NULL,
	"width_ft" double precision,
	"length_ft" double precision,
	"height_ft" double precision,
	"size_sqft" double precision,
	"price_cents" integer,
	"currency" text DEFAULT 'CAD' NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"country" text DEFAULT 'CA' NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"approx_lat" double precision,
	"approx_lng" double precision,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"access_hours" text DEFAULT '' NOT NULL,
	"access_method" text DEFAULT 'key' NOT NULL,
	"house_rules" text DEFAULT '' NOT NULL,
	"minimum_days" integer DEFAULT 1 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage_photos" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"storage_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"full" "bytea" NOT NULL,
	"thumb" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "storages" ADD CONSTRAINT "storages_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_photos" ADD CONSTRAINT "storage_photos_storage_id_storages_id_fk" FOREIGN KEY ("storage_id") REFERENCES "public"."storages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storages_host_idx" ON "storages" USING btree ("host_id","updated_at");--> statement-breakpoint
CREATE INDEX "storages_search_trgm_idx" ON "storages" USING gin ("search_text" gin_trgm_ops) WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "storages_geo_idx" ON "storages" USING btree ("approx_lat","approx_lng") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "storages_recommended_idx" ON "storages" USING btree ("score" DESC NULLS LAST,"created_at" DESC NULLS LAST) WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "storages_newest_idx" ON "storages" USING btree ("created_at" DESC NULLS LAST) WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "storages_price_idx" ON "storages" USING btree ("price_cents") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "storages_size_idx" ON "storages" USING btree ("size_sqft") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "storages_type_price_idx" ON "storages" USING btree ("space_type","price_cents") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "storages_features_idx" ON "storages" USING gin ("features") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "storage_photos_storage_idx" ON "storage_photos" USING btree ("storage_id","position");