-- The order desk (issue 19): the staff's order list, paged by keyset on its sort keys and
-- searched by order number (trigrams: the pattern is known only at execution); the emails
-- sent about an order.
ALTER TABLE "email_outbox" ADD COLUMN "order_id" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_order_idx" ON "email_outbox" USING btree ("order_id") WHERE "email_outbox"."order_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("p_status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total_paise","id");--> statement-breakpoint
CREATE INDEX "orders_number_trgm_idx" ON "orders" USING gin ("mkp_order_id" gin_trgm_ops);