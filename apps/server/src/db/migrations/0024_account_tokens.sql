CREATE TABLE "account_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "account_tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "account_tokens_purpose_check" CHECK ("account_tokens"."purpose" IN ('verify_email', 'reset_password', 'change_email'))
);
--> statement-breakpoint
-- Written by hand (decision 067): the live links of both old tables move over, oldest first,
-- each with the address it was mailed to (the account's email: neither kind changes it).
INSERT INTO "account_tokens" ("user_id", "purpose", "token_hash", "email", "created_at", "expires_at", "used_at")
SELECT t."user_id", t."purpose", t."token_hash", u."email", t."created_at", t."expires_at", t."used_at"
FROM (
	SELECT "user_id", 'verify_email' AS "purpose", "token_hash", "created_at", "expires_at", "used_at" FROM "email_verification_tokens"
	UNION ALL
	SELECT "user_id", 'reset_password' AS "purpose", "token_hash", "created_at", "expires_at", "used_at" FROM "password_reset_tokens"
) t
JOIN "users" u ON u."id" = t."user_id"
ORDER BY t."created_at";--> statement-breakpoint
DROP TABLE "email_verification_tokens" CASCADE;--> statement-breakpoint
DROP TABLE "password_reset_tokens" CASCADE;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_tokens_user_idx" ON "account_tokens" USING btree ("user_id","purpose","created_at");