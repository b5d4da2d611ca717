CREATE TABLE "ledger_entries" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"kind" text NOT NULL,
	"stripe_object_id" text NOT NULL,
	"stripe_event_id" text NOT NULL,
	"charge_id" text,
	"invoice_id" text,
	"booking_id" text,
	"host_id" text,
	"renter_id" text,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"period_start" date,
	"period_end" date,
	"breakdown" jsonb,
	"details" jsonb,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_object_idx" ON "ledger_entries" USING btree ("kind","stripe_object_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_booking_idx" ON "ledger_entries" USING btree ("booking_id","occurred_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_host_idx" ON "ledger_entries" USING btree ("host_id","occurred_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_renter_idx" ON "ledger_entries" USING btree ("renter_id","occurred_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_charge_idx" ON "ledger_entries" USING btree ("charge_id");--> statement-breakpoint
-- The ledger is append-only: no UPDATE, DELETE or TRUNCATE, whoever asks.
CREATE FUNCTION "ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'ledger_entries is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_change" BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_entries_append_only"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_entries_append_only"();
