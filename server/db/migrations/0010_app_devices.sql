CREATE TABLE "app_devices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"app_version" text NOT NULL,
	"waiting" integer NOT NULL,
	"needs_login" integer NOT NULL,
	"failed" integer NOT NULL,
	"oldest_waiting_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	"storage_usage" bigint,
	"storage_quota" bigint,
	"storage_persisted" boolean,
	"images_cached" integer NOT NULL,
	"images_total" integer NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "app_devices_counts_check" CHECK ("app_devices"."waiting" >= 0 and "app_devices"."needs_login" >= 0 and "app_devices"."failed" >= 0)
);
--> statement-breakpoint
CREATE TABLE "device_credentials" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_credentials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"device_id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "app_devices" ADD CONSTRAINT "app_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_credentials" ADD CONSTRAINT "device_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_devices_last_seen_index" ON "app_devices" USING btree ("last_seen_at");--> statement-breakpoint
CREATE UNIQUE INDEX "device_credentials_token_hash_unique" ON "device_credentials" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "device_credentials_device_index" ON "device_credentials" USING btree ("device_id");