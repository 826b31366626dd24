DROP INDEX "payments_pending_idx";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payments_next_check_idx" ON "payments" USING btree ("next_check_at") WHERE "payments"."next_check_at" IS NOT NULL;--> statement-breakpoint
-- Attempts still open when this runs are asked about once at the next reconciliation; one past
-- the timeout then gets its final check and is no longer watched (decision 025).
UPDATE "payments" SET "next_check_at" = now() WHERE "status" IN ('PENDING', 'FAILED');
