DROP INDEX "trials_created_at_index";--> statement-breakpoint
DROP INDEX "trials_user_created_at_index";--> statement-breakpoint
DROP INDEX "trials_store_created_at_index";--> statement-breakpoint
DROP INDEX "trials_email_lower_index";--> statement-breakpoint
DROP INDEX "trials_phone_index";--> statement-breakpoint
ALTER TABLE "trials" ADD COLUMN "received_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "trials" ADD COLUMN "captured_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "trials" ADD COLUMN "app_version" text;--> statement-breakpoint
ALTER TABLE "trials" ADD COLUMN "capture_uncertain" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "trials" ADD COLUMN "clock_skewed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "trials" ADD COLUMN "capture_implausible" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "trials" ADD COLUMN "idempotency_key" uuid;--> statement-breakpoint
ALTER TABLE "trials" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "trials" ADD COLUMN "possible_duplicate_of" integer;--> statement-breakpoint
CREATE INDEX "trials_captured_at_index" ON "trials" USING btree ("captured_at","id");--> statement-breakpoint
CREATE INDEX "trials_user_captured_at_index" ON "trials" USING btree ("user_id","captured_at");--> statement-breakpoint
CREATE INDEX "trials_store_captured_at_index" ON "trials" USING btree ("store_id","captured_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trials_user_key_unique" ON "trials" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "trials_email_store_captured_index" ON "trials" USING btree (lower("email"),"store_id","captured_at");--> statement-breakpoint
CREATE INDEX "trials_phone_store_captured_index" ON "trials" USING btree ("phone","store_id","captured_at");--> statement-breakpoint
-- Trials stored before capture times were kept: each happened, as far as anyone knows, when it arrived.
UPDATE "trials" SET "received_at" = "created_at", "captured_at" = "created_at";--> statement-breakpoint
-- The keys still kept name their trial in their answer: they now live on the trial, for good.
UPDATE "trials" SET "idempotency_key" = "idempotency_keys"."key", "request_hash" = "idempotency_keys"."request_hash"
FROM "idempotency_keys"
WHERE "idempotency_keys"."user_id" = "trials"."user_id"
  AND "idempotency_keys"."status" = 'done'
  AND "idempotency_keys"."response_status" = 201
  AND ("idempotency_keys"."response_body" -> 'data' ->> 'id') = "trials"."id"::text;
