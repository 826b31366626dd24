-- Email outbox: a message's bodies are dropped once it is sent or given up on, since a
-- verification link's token is otherwise stored only as its hash. Rows sent before now too.
ALTER TABLE "email_outbox" ALTER COLUMN "text_body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "html_body" DROP NOT NULL;--> statement-breakpoint
UPDATE "email_outbox" SET "text_body" = NULL, "html_body" = NULL
 WHERE "sent_at" IS NOT NULL OR "dead_at" IS NOT NULL;--> statement-breakpoint
-- Unverified accounts expire: the periodic sweep reads only these rows.
CREATE INDEX "users_unverified_created_idx" ON "users" USING btree ("created_at") WHERE "users"."email_verified_at" IS NULL;
