CREATE TABLE "erased_contacts" (
	"hash" text PRIMARY KEY NOT NULL,
	"erased_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trials" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "trials_retention_index" ON "trials" USING btree ("captured_at") WHERE "trials"."anonymised_at" is null;--> statement-breakpoint
-- A trial's answers without what may identify a person (docs/security.md#erasure): the contact
-- (`email.email`, `email.phone`) and every free text (each stick's `…Comment`, the unsuccessful
-- purchase's comment); a simple trial's text, all free, becomes empty. One definition for the
-- erasure, the retention job and a trial that arrives with an erased contact.
CREATE FUNCTION "anonymised_answers"("answers" jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN jsonb_typeof(answers) = 'object' THEN
		(SELECT coalesce(jsonb_object_agg(key, value), '{}'::jsonb)
			FROM jsonb_each(answers) WHERE key NOT LIKE '%Comment')
			#- '{email,email}' #- '{email,phone}' #- '{shoppingUnsuccess,comment}'
	ELSE to_jsonb(''::text) END
$$;
