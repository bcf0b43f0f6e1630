CREATE TABLE "trial_consents" (
	"trial_id" integer NOT NULL,
	"consent" text NOT NULL,
	"given" boolean NOT NULL,
	"ticked_by" text NOT NULL,
	"text_id" text,
	"locale" text,
	CONSTRAINT "trial_consents_trial_id_consent_pk" PRIMARY KEY("trial_id","consent"),
	CONSTRAINT "trial_consents_ticked_by_check" CHECK ("trial_consents"."ticked_by" in ('person', 'app', 'unknown'))
);
--> statement-breakpoint
ALTER TABLE "trial_consents" ADD CONSTRAINT "trial_consents_trial_id_trials_id_fk" FOREIGN KEY ("trial_id") REFERENCES "public"."trials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The trials stored before consents were recorded: a guided trial with an email or a phone had
-- both boxes ticked (the app required them), but how and in which words is not known.
INSERT INTO "trial_consents" ("trial_id", "consent", "given", "ticked_by")
SELECT "trials"."id", "names"."consent",
	coalesce("trials"."answers" -> 'email' -> "names"."consent" = 'true'::jsonb, false), 'unknown'
FROM "trials" CROSS JOIN (VALUES ('privacyPolicy'), ('analizeData')) AS "names"("consent")
WHERE "trials"."kind" = 'guided' AND ("trials"."email" IS NOT NULL OR "trials"."phone" IS NOT NULL);
