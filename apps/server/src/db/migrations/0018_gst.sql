-- Issue 21 (decision 052): GST on every line. The seller's registration and tax settings (one
-- row), an HSN rate table, a product's own rate, the billing details, place of supply and tax of
-- every order and line (null on older orders), gap-free document series per financial year, the
-- tax invoices and credit notes as issued, and attachments on outgoing email.
CREATE TABLE "document_series" (
	"kind" text NOT NULL,
	"financial_year" text NOT NULL,
	"next_sequence" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "document_series_kind_financial_year_pk" PRIMARY KEY("kind","financial_year")
);
--> statement-breakpoint
CREATE TABLE "hsn_gst_rates" (
	"hsn_prefix" text PRIMARY KEY NOT NULL,
	"rate_bp" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hsn_gst_rates_prefix_check" CHECK ("hsn_gst_rates"."hsn_prefix" ~ '^[0-9]{2,8}$')
);
--> statement-breakpoint
CREATE TABLE "store_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" text DEFAULT '' NOT NULL,
	"trade_name" text DEFAULT '' NOT NULL,
	"gstin" text DEFAULT '' NOT NULL,
	"address1" text DEFAULT '' NOT NULL,
	"address2" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state_code" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"ships_to" jsonb DEFAULT '["India"]'::jsonb NOT NULL,
	"invoice_prefix" text DEFAULT 'INV' NOT NULL,
	"credit_note_prefix" text DEFAULT 'CN' NOT NULL,
	"e_invoicing" boolean DEFAULT false NOT NULL,
	"signatory" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "store_settings_one_row" CHECK ("store_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"order_id" text NOT NULL,
	"invoice_id" bigint,
	"refund_id" bigint,
	"issue_date" text NOT NULL,
	"recipient_gstin" text,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"document" jsonb NOT NULL,
	"irn" text,
	"ack_number" text,
	"ack_date" text,
	"signed_qr" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_documents_number_key" UNIQUE("financial_year","number"),
	CONSTRAINT "tax_documents_sequence_key" UNIQUE("kind","financial_year","sequence"),
	CONSTRAINT "tax_documents_kind_check" CHECK ("tax_documents"."kind" IN ('invoice', 'credit_note'))
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "hsn" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "gst_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "taxable_paise" bigint;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "cgst_paise" bigint;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "sgst_paise" bigint;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "igst_paise" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_state_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing_gstin" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing_legal_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing_address1" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing_address2" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing_city" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing_state_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing_postal_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "seller_state_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "place_of_supply" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "supply_type" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "taxable_paise" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cgst_paise" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sgst_paise" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "igst_paise" bigint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gst_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_invoice_order_key" ON "tax_documents" USING btree ("order_id") WHERE "tax_documents"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_refund_key" ON "tax_documents" USING btree ("refund_id") WHERE "tax_documents"."refund_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "tax_documents_date_idx" ON "tax_documents" USING btree ("issue_date","id");--> statement-breakpoint
CREATE INDEX "tax_documents_order_idx" ON "tax_documents" USING btree ("order_id");--> statement-breakpoint
INSERT INTO "store_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;