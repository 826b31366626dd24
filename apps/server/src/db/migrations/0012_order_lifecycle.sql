-- The order lifecycle (issue 19, decision 044): refunds through the gateway and the sandbox
-- gateway's refund ledger, the tracking URL of a shipment, the attention queue's resolutions, and
-- buyer accounts staff can disable.
CREATE TABLE "refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"payment_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"merchant_refund_id" text NOT NULL,
	"provider_reference" text,
	"amount_paise" bigint NOT NULL,
	"cause" text NOT NULL,
	"reason" text NOT NULL,
	"lines" jsonb,
	"status" text DEFAULT 'REQUESTED' NOT NULL,
	"requested_by" jsonb NOT NULL,
	"request_key" text,
	"retry_of" bigint,
	"raw" jsonb,
	"error" text,
	"send_attempts" integer DEFAULT 0 NOT NULL,
	"resolution" jsonb,
	"next_check_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_merchant_refund_id_unique" UNIQUE("merchant_refund_id"),
	CONSTRAINT "refunds_request_key" UNIQUE("order_id","request_key"),
	CONSTRAINT "refunds_retry_of_key" UNIQUE("retry_of"),
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_refunds" (
	"refund_id" text PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_url" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "resolution" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_gateway_refunds" ADD CONSTRAINT "sandbox_gateway_refunds_transaction_id_sandbox_gateway_transactions_transaction_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."sandbox_gateway_transactions"("transaction_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_next_check_idx" ON "refunds" USING btree ("next_check_at") WHERE "refunds"."next_check_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "refunds_failed_idx" ON "refunds" USING btree ("id") WHERE "refunds"."status" = 'FAILED' AND "refunds"."resolution" IS NULL;