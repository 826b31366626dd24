-- The seller's catalog (issue 20, decision 047): a product's status, its minimum order and pack
-- size, a variant's own price, and stock on hand in a table of its own (orders change it all the
-- time; keeping it off the catalog rows keeps them out of the search triggers and the cache).
CREATE TABLE "stock_levels" (
	"product_id" text NOT NULL,
	"variant_position" smallint,
	"on_hand" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_levels_key" UNIQUE NULLS NOT DISTINCT("product_id","variant_position"),
	CONSTRAINT "stock_levels_on_hand_check" CHECK ("stock_levels"."on_hand" >= 0)
);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "price_paise" bigint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "min_order_quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "order_multiple" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_price_check" CHECK ("product_variants"."price_paise" IS NULL OR "product_variants"."price_paise" > 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_status_check" CHECK ("products"."status" IN ('draft', 'active', 'archived'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_order_quantity_check" CHECK ("products"."min_order_quantity" >= 1 AND "products"."order_multiple" >= 1);