-- Saved searches (issue #44): the kept query, its criteria normalised for the alert matcher, and the matches sent.
CREATE TABLE "saved_search_matches" (
	"saved_search_id" text NOT NULL,
	"storage_id" text NOT NULL,
	"matched_at" timestamp with time zone NOT NULL,
	"alerted_at" timestamp with time zone,
	CONSTRAINT "saved_search_matches_saved_search_id_storage_id_pk" PRIMARY KEY("saved_search_id","storage_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"place_label" text,
	"alerts" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_alert_at" timestamp with time zone,
	"seen_at" timestamp with time zone,
	"type_mask" integer DEFAULT 0 NOT NULL,
	"min_price_cents" integer,
	"max_price_cents" integer,
	"min_size_sqft" double precision,
	"feature_mask" integer DEFAULT 0 NOT NULL,
	"setting_mask" integer DEFAULT 0 NOT NULL,
	"vehicle_length_ft" double precision,
	"no_minimum" boolean DEFAULT false NOT NULL,
	"fit_area_sqft" double precision,
	"fit_height_ft" double precision,
	"fit_drive_in" boolean DEFAULT false NOT NULL,
	"near_lat" double precision,
	"near_lng" double precision,
	"radius_km" double precision,
	"box_south" double precision,
	"box_north" double precision,
	"box_west" double precision,
	"box_east" double precision,
	"q_words" text[]
);
--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_storage_id_storages_id_fk" FOREIGN KEY ("storage_id") REFERENCES "public"."storages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_search_matches_unsent_idx" ON "saved_search_matches" USING btree ("saved_search_id") WHERE alerted_at is null;--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_searches_box_idx" ON "saved_searches" USING gist (box(point("box_west", "box_south"), point("box_east", "box_north"))) WHERE alerts and near_lat is not null;--> statement-breakpoint
CREATE INDEX "saved_searches_words_idx" ON "saved_searches" USING gin ("q_words") WHERE alerts and near_lat is null and q_words is not null;--> statement-breakpoint
CREATE INDEX "saved_searches_filters_idx" ON "saved_searches" USING btree ("type_mask","created_at") WHERE alerts and near_lat is null and q_words is null;