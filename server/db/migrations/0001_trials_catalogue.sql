CREATE TABLE "packs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "packs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"brand_name" text NOT NULL,
	"brand_family" text NOT NULL,
	"image" text,
	CONSTRAINT "packs_type_check" CHECK ("packs"."type" in ('HTS', 'RMC'))
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"type" text NOT NULL,
	"color" text,
	CONSTRAINT "products_type_check" CHECK ("products"."type" in ('Stick', 'Device'))
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "idempotency_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"key" uuid NOT NULL,
	"request_hash" text NOT NULL,
	"status" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_status_check" CHECK ("idempotency_keys"."status" in ('running', 'done'))
);
--> statement-breakpoint
CREATE TABLE "trials" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"kind" text NOT NULL,
	"answers" jsonb NOT NULL,
	"gender" text,
	"age_range" text,
	"shopping" text,
	"email" text,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trials_kind_check" CHECK ("trials"."kind" in ('guided', 'simple'))
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trials" ADD CONSTRAINT "trials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trials" ADD CONSTRAINT "trials_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "packs_type_family_name_unique" ON "packs" USING btree ("type","brand_family","brand_name");--> statement-breakpoint
CREATE UNIQUE INDEX "products_type_name_unique" ON "products" USING btree ("type","name");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_user_key_unique" ON "idempotency_keys" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "trials_created_at_index" ON "trials" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "trials_user_created_at_index" ON "trials" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "trials_store_created_at_index" ON "trials" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "trials_segment_index" ON "trials" USING btree ("gender","age_range","shopping");--> statement-breakpoint
CREATE INDEX "trials_email_lower_index" ON "trials" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "trials_phone_index" ON "trials" USING btree ("phone");