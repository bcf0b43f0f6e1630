DROP INDEX "customers_email_trgm_index";--> statement-breakpoint
CREATE INDEX "customers_email_key_trgm_index" ON "customers" USING gin (translate(lower("email"), '.@_-+', 'qqqqq') gin_trgm_ops);