CREATE INDEX "product_variants_sku_lower_idx" ON "product_variants" USING btree (lower("sku"));--> statement-breakpoint
CREATE INDEX "products_code_lower_idx" ON "products" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "products_seller_sku_lower_idx" ON "products" USING btree (lower("seller_sku")) WHERE "products"."seller_sku" IS NOT NULL;