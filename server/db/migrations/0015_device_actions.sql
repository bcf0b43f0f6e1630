CREATE TABLE "device_actions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"device_id" uuid NOT NULL,
	"action" text NOT NULL,
	"user_id" integer,
	"text" text,
	"lost" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"issued_by" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"detail" text,
	"cancelled_by" integer,
	CONSTRAINT "device_actions_action_check" CHECK ("device_actions"."action" in ('update', 'refresh', 'sign-out', 'wipe', 'message')),
	CONSTRAINT "device_actions_state_check" CHECK ("device_actions"."state" in ('waiting', 'done', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "app_devices" ADD COLUMN "content_edition" integer;--> statement-breakpoint
ALTER TABLE "device_actions" ADD CONSTRAINT "device_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_actions" ADD CONSTRAINT "device_actions_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_actions" ADD CONSTRAINT "device_actions_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_actions_device_index" ON "device_actions" USING btree ("device_id","issued_at");