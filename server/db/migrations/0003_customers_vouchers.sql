CREATE TABLE "communications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "communications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"channel" text NOT NULL,
	"subject" text NOT NULL,
	CONSTRAINT "communications_channel_check" CHECK ("communications"."channel" in ('email', 'sms', 'phone', 'push'))
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"fullname" text NOT NULL,
	"email" text,
	"phone" text,
	"referral_code" text NOT NULL,
	"ff_code" text,
	"points" integer DEFAULT 0 NOT NULL,
	"points_spent" integer DEFAULT 0 NOT NULL,
	"godfather_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_referral_code_upper_check" CHECK ("customers"."referral_code" = upper("customers"."referral_code"))
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"serial_number" text NOT NULL,
	"color" text NOT NULL,
	"registered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ecommerce_statuses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ecommerce_statuses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"status" text NOT NULL,
	"date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_actions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loyalty_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"rule" text NOT NULL,
	"points" integer NOT NULL,
	"date" timestamp with time zone NOT NULL,
	CONSTRAINT "loyalty_actions_rule_check" CHECK ("loyalty_actions"."rule" in ('welcome', 'first-purchase', 'referred-first-purchase', 'birthday', 'anniversary', 'device-registered', 'bundle', 'referral-registered', 'referred-first-offline-purchase', 'article-silver', 'article-gold', 'article-black', 'game-bonus', 'accessory-purchase'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"number" text NOT NULL,
	"ordered_at" timestamp with time zone NOT NULL,
	"total_amount" numeric(10, 2) NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"channel" text NOT NULL,
	CONSTRAINT "orders_currency_check" CHECK ("orders"."currency" in ('RSD', 'EUR')),
	CONSTRAINT "orders_channel_check" CHECK ("orders"."channel" in ('online', 'store'))
);
--> statement-breakpoint
CREATE TABLE "reclamations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reclamations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"registration_number" text NOT NULL,
	"serial_number" text NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"receipt_date" date NOT NULL,
	"item" text NOT NULL,
	"purchase_date" date NOT NULL,
	"description" text NOT NULL,
	"verdict" text NOT NULL,
	"diagnostics" text NOT NULL,
	"remedy" text NOT NULL,
	"new_serial_number" text,
	CONSTRAINT "reclamations_verdict_check" CHECK ("reclamations"."verdict" in ('established', 'not-established')),
	CONSTRAINT "reclamations_remedy_check" CHECK ("reclamations"."remedy" in ('removed', 'replaced')),
	CONSTRAINT "reclamations_new_serial_check" CHECK (("reclamations"."remedy" = 'replaced') = ("reclamations"."new_serial_number" is not null))
);
--> statement-breakpoint
CREATE TABLE "service_cases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_cases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"number" text NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"subject" text NOT NULL,
	"status" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visit_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"store_id" integer,
	"reason" text NOT NULL,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_notes_reason_check" CHECK ("visit_notes"."reason" in ('info', 'purchase', 'service', 'reclamation'))
);
--> statement-breakpoint
CREATE TABLE "voucher_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "voucher_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"voucher_id" integer NOT NULL,
	"code" text NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"type" text NOT NULL,
	"customer_email" text,
	"expert" text,
	"store" text,
	CONSTRAINT "voucher_log_type_check" CHECK ("voucher_log"."type" in ('MGM', 'LOYALTY', 'PROMO'))
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vouchers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"type" text NOT NULL,
	"amount" numeric(10, 2),
	"currency" text,
	"points" integer,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"godfather_id" integer,
	"referred_customer_id" integer,
	"used_by_customer_id" integer,
	"used_by_user_id" integer,
	"used_in_store_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_code_upper_check" CHECK ("vouchers"."code" = upper("vouchers"."code")),
	CONSTRAINT "vouchers_type_check" CHECK ("vouchers"."type" in ('MGM', 'LOYALTY', 'PROMO')),
	CONSTRAINT "vouchers_status_check" CHECK ("vouchers"."status" in ('valid', 'used', 'expired')),
	CONSTRAINT "vouchers_currency_check" CHECK ("vouchers"."currency" in ('RSD', 'EUR')),
	CONSTRAINT "vouchers_value_check" CHECK (("vouchers"."amount" is null) = ("vouchers"."currency" is null))
);
--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_godfather_id_customers_id_fk" FOREIGN KEY ("godfather_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecommerce_statuses" ADD CONSTRAINT "ecommerce_statuses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_actions" ADD CONSTRAINT "loyalty_actions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reclamations" ADD CONSTRAINT "reclamations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_cases" ADD CONSTRAINT "service_cases_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_notes" ADD CONSTRAINT "visit_notes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_notes" ADD CONSTRAINT "visit_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_notes" ADD CONSTRAINT "visit_notes_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_log" ADD CONSTRAINT "voucher_log_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_godfather_id_customers_id_fk" FOREIGN KEY ("godfather_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_referred_customer_id_customers_id_fk" FOREIGN KEY ("referred_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_used_by_customer_id_customers_id_fk" FOREIGN KEY ("used_by_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_used_by_user_id_users_id_fk" FOREIGN KEY ("used_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_used_in_store_id_stores_id_fk" FOREIGN KEY ("used_in_store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "communications_customer_index" ON "communications" USING btree ("customer_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_referral_code_unique" ON "customers" USING btree ("referral_code");--> statement-breakpoint
CREATE INDEX "customers_email_lower_index" ON "customers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "customers_email_trgm_index" ON "customers" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_phone_trgm_index" ON "customers" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_fullname_trgm_index" ON "customers" USING gin (lower(translate("fullname", 'ČĆŠŽĐčćšžđ', 'CCSZDccszd')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_fullname_id_index" ON "customers" USING btree ("fullname","id");--> statement-breakpoint
CREATE INDEX "customers_godfather_index" ON "customers" USING btree ("godfather_id");--> statement-breakpoint
CREATE INDEX "devices_customer_index" ON "devices" USING btree ("customer_id","registered_at");--> statement-breakpoint
CREATE INDEX "ecommerce_statuses_customer_index" ON "ecommerce_statuses" USING btree ("customer_id","date");--> statement-breakpoint
CREATE INDEX "loyalty_actions_customer_index" ON "loyalty_actions" USING btree ("customer_id","date");--> statement-breakpoint
CREATE INDEX "orders_customer_index" ON "orders" USING btree ("customer_id","ordered_at");--> statement-breakpoint
CREATE INDEX "reclamations_customer_index" ON "reclamations" USING btree ("customer_id","receipt_date");--> statement-breakpoint
CREATE INDEX "service_cases_customer_index" ON "service_cases" USING btree ("customer_id","date");--> statement-breakpoint
CREATE INDEX "visit_notes_customer_index" ON "visit_notes" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "voucher_log_voucher_date_index" ON "voucher_log" USING btree ("voucher_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_code_unique" ON "vouchers" USING btree ("code");--> statement-breakpoint
CREATE INDEX "vouchers_godfather_index" ON "vouchers" USING btree ("godfather_id");--> statement-breakpoint
CREATE INDEX "vouchers_referred_customer_index" ON "vouchers" USING btree ("referred_customer_id");