ALTER TABLE "conversation_members" ADD COLUMN "last_read_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Whoever has nothing unread has read the whole conversation so far.
UPDATE "conversation_members" m SET "last_read_seq" = coalesce((SELECT max(seq) FROM "messages" WHERE "messages"."conversation_id" = m."conversation_id"), 0) WHERE m."unread_count" = 0;
