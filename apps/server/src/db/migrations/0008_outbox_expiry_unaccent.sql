-- Email outbox (decision 010): a message is retried until its purpose expires (a verification
-- link lasts 24 hours, a payment confirmation is worth sending for 7 days), then marked dead.
ALTER TABLE "email_outbox" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "email_outbox" SET "expires_at" = "created_at" + CASE "kind"
  WHEN 'email_verification' THEN interval '24 hours' ELSE interval '7 days' END;--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "expires_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "dead_at" timestamp with time zone;
