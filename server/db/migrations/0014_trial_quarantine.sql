CREATE TABLE "quarantined_trials" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quarantined_trials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"device_id" uuid NOT NULL,
	"key" uuid NOT NULL,
	"body" jsonb NOT NULL,
	"code" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"app_version" text,
	"email" text,
	"phone" text,
	"state" text DEFAULT 'waiting' NOT NULL,
	"trial_id" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"reason" text,
	"comment" text,
	"anonymised_at" timestamp with time zone,
	CONSTRAINT "quarantined_trials_state_check" CHECK ("quarantined_trials"."state" in ('waiting', 'accepted', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "quarantined_trials" ADD CONSTRAINT "quarantined_trials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quarantined_trials" ADD CONSTRAINT "quarantined_trials_trial_id_trials_id_fk" FOREIGN KEY ("trial_id") REFERENCES "public"."trials"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quarantined_trials" ADD CONSTRAINT "quarantined_trials_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quarantined_trials_user_key_unique" ON "quarantined_trials" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "quarantined_trials_received_index" ON "quarantined_trials" USING btree ("received_at");