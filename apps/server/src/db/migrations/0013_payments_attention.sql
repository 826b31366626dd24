-- The attention queue's index (issue 19, decision 046): payments flagged for a person and not yet
-- resolved are a handful among every payment the store ever took; the dashboard counts them on
-- every load and the desk lists them, each without reading the others.
CREATE INDEX "payments_attention_idx" ON "payments" USING btree ("id") WHERE "payments"."flagged" IS NOT NULL AND "payments"."resolved_at" IS NULL;