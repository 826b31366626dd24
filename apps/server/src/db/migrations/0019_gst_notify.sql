-- Issue 21 (decision 052): the store's settings and its HSN rate table announce every change on
-- the catalog's channel (migration 0003), so each process drops its cached tax setup (the
-- seller's state, where the store ships, the rate table: what carts and orders are taxed with)
-- and its cached answers that show them (GET /api/store, a product's effective GST rate) at once,
-- whoever wrote: the console, another replica, or an operator's SQL.
CREATE TRIGGER store_settings_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON store_settings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER hsn_gst_rates_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON hsn_gst_rates
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
