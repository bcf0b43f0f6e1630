CREATE TABLE "audit_head" (
	"id" integer PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"hmac" text NOT NULL,
	CONSTRAINT "audit_head_one_row" CHECK ("audit_head"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" integer PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" integer,
	"actor" text NOT NULL,
	"role" text,
	"action" text NOT NULL,
	"target" text NOT NULL,
	"outcome" text NOT NULL,
	"client_address" text NOT NULL,
	"detail" text,
	"hmac" text NOT NULL,
	CONSTRAINT "audit_log_outcome_check" CHECK ("audit_log"."outcome" in ('success', 'failure', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"remembered" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"client_address" text NOT NULL,
	"user_agent" text NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_index" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_action_at_index" ON "audit_log" USING btree ("action","at");--> statement-breakpoint
CREATE INDEX "sessions_user_active_index" ON "sessions" USING btree ("user_id","expires_at") WHERE "sessions"."ended_at" is null;--> statement-breakpoint
-- The chain starts empty: position 0, no previous HMAC.
INSERT INTO "audit_head" ("id", "position", "hmac") VALUES (1, 0, '');
