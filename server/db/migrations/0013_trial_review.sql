CREATE TABLE "trial_revisions" (
	"trial_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"kind" text NOT NULL,
	"by_user_id" integer,
	"at" timestamp with time zone NOT NULL,
	"state" text,
	"reason" text,
	"comment" text,
	"changes" jsonb,
	"store_id" integer,
	"answers" jsonb,
	CONSTRAINT "trial_revisions_trial_id_revision_pk" PRIMARY KEY("trial_id","revision"),
	CONSTRAINT "trial_revisions_kind_check" CHECK ("trial_revisions"."kind" in ('received', 'review', 'correction'))
);
--> statement-breakpoint
ALTER TABLE "trials" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "trials" ADD COLUMN "review_state" text DEFAULT 'unreviewed' NOT NULL;--> statement-breakpoint
ALTER TABLE "trials" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "trials" ADD COLUMN "review_comment" text;--> statement-breakpoint
ALTER TABLE "trials" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "trials" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trial_revisions" ADD CONSTRAINT "trial_revisions_trial_id_trials_id_fk" FOREIGN KEY ("trial_id") REFERENCES "public"."trials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_revisions" ADD CONSTRAINT "trial_revisions_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trials" ADD CONSTRAINT "trials_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trials" ADD CONSTRAINT "trials_review_state_check" CHECK ("trials"."review_state" in ('unreviewed', 'accepted', 'rejected'));