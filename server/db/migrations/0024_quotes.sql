CREATE TABLE "quote_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"order_id" integer,
	"purpose" text NOT NULL,
	"provider" text NOT NULL,
	"provider_order_id" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"provider_payment_id" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_payments_provider_order_id_unique" UNIQUE("provider_order_id"),
	CONSTRAINT "quote_payments_purpose_check" CHECK ("quote_payments"."purpose" in ('advance', 'balance')),
	CONSTRAINT "quote_payments_amount_positive" CHECK ("quote_payments"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "quote_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"source" text NOT NULL,
	"product_id" integer,
	"product_name" text,
	"description" text DEFAULT '' NOT NULL,
	"length_cm" smallint,
	"breadth_cm" smallint,
	"height_cm" smallint,
	"finish" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pincode" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_requests_source_check" CHECK (source in ('product', 'bespoke', 'design_solution'))
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"version" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"lines" jsonb NOT NULL,
	"delivery_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"advance_percent" smallint NOT NULL,
	"advance_paise" bigint NOT NULL,
	"production_weeks" smallint NOT NULL,
	"valid_until" date NOT NULL,
	"change_note" text,
	"address" jsonb,
	"sent_at" timestamp with time zone,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_status_check" CHECK (status in ('draft', 'sent', 'change_requested', 'accepted', 'paid', 'expired', 'withdrawn')),
	CONSTRAINT "quotes_advance_within" CHECK ("quotes"."advance_paise" > 0 and "quotes"."advance_paise" <= "quotes"."total_paise")
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_status_check";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_kind_check";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "advance_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_payments" ADD CONSTRAINT "quote_payments_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_payments" ADD CONSTRAINT "quote_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_request_id_quote_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."quote_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_payments_quote_idx" ON "quote_payments" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "quote_requests_user_idx" ON "quote_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_request_version" ON "quotes" USING btree ("request_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_order_idx" ON "quotes" USING btree ("order_id") WHERE "quotes"."order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_voucher_per_order" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'receipt_voucher';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_check" CHECK (payment_status in ('created', 'attempted', 'abandoned', 'captured', 'failed', 'part_paid'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('invoice', 'credit_note', 'receipt_voucher'));