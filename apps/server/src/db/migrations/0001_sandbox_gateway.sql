CREATE TABLE "sandbox_gateway_transactions" (
	"transaction_id" text PRIMARY KEY NOT NULL,
	"merchant_order_ref" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"callback_url" text NOT NULL,
	"redirect_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
