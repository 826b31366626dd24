-- Issue 20: images in a catalog import (decision 051: a zip beside the file, URLs when allowed;
-- each name's stored source kept with the job, so an apply resumed after a crash neither unpacks
-- nor fetches again), and the console's "needs attention" stored per product (decision 050),
-- written by every save, so the list filters by an index instead of checking every product.
-- Existing products get their row from the catalog module's sweep, in the background.
CREATE TABLE "catalog_import_images" (
	"job_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"source" text,
	"code" text,
	"message" text,
	CONSTRAINT "catalog_import_images_job_id_kind_name_pk" PRIMARY KEY("job_id","kind","name"),
	CONSTRAINT "catalog_import_images_kind_check" CHECK ("catalog_import_images"."kind" IN ('zip', 'url'))
);
--> statement-breakpoint
CREATE TABLE "product_attention" (
	"product_id" text PRIMARY KEY NOT NULL,
	"needs_attention" boolean NOT NULL,
	"missing_images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_import_jobs" ADD COLUMN "images_file_name" text;--> statement-breakpoint
ALTER TABLE "catalog_import_jobs" ADD COLUMN "images_path" text;--> statement-breakpoint
ALTER TABLE "catalog_import_jobs" ADD COLUMN "images_stored_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "catalog_import_jobs" ADD COLUMN "images_stored" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_import_jobs" ADD COLUMN "images_problems" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_import_images" ADD CONSTRAINT "catalog_import_images_job_id_catalog_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."catalog_import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attention" ADD CONSTRAINT "product_attention_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_attention_flagged_idx" ON "product_attention" USING btree ("product_id") WHERE "product_attention"."needs_attention";