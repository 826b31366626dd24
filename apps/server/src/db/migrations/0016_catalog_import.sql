-- Catalog import jobs (issue 20, decision 051): an uploaded file's dry-run report and its apply
-- in batches, with the cursor that lets a job resume after a crash or restart, and every issue
-- found, by row and column.
CREATE TABLE "catalog_import_issues" (
	"job_id" text NOT NULL,
	"seq" integer NOT NULL,
	"phase" text NOT NULL,
	"row" integer NOT NULL,
	"column" text,
	"code" text NOT NULL,
	"message" text NOT NULL,
	"product_code" text,
	CONSTRAINT "catalog_import_issues_job_id_seq_pk" PRIMARY KEY("job_id","seq")
);
--> statement-breakpoint
CREATE TABLE "catalog_import_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"file_path" text NOT NULL,
	"bytes" bigint NOT NULL,
	"bytes_read" bigint DEFAULT 0 NOT NULL,
	"created_by_staff_id" text,
	"created_by" text NOT NULL,
	"applied_by_staff_id" text,
	"applied_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"dry_run" jsonb,
	"applied" jsonb,
	"issue_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"lease_until" timestamp with time zone,
	CONSTRAINT "catalog_import_jobs_status_check" CHECK ("catalog_import_jobs"."status" IN ('validating', 'validated', 'applying', 'applied', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "catalog_import_issues" ADD CONSTRAINT "catalog_import_issues_job_id_catalog_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."catalog_import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_import_jobs" ADD CONSTRAINT "catalog_import_jobs_created_by_staff_id_staff_id_fk" FOREIGN KEY ("created_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_import_jobs" ADD CONSTRAINT "catalog_import_jobs_applied_by_staff_id_staff_id_fk" FOREIGN KEY ("applied_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_import_jobs_created_idx" ON "catalog_import_jobs" USING btree ("created_at");