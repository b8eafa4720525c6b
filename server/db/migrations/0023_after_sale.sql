CREATE TABLE "cancellations" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"fee_paise" bigint DEFAULT 0 NOT NULL,
	"decision_note" text,
	"decided_at" timestamp with time zone,
	"refund_due_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cancellations_status_check" CHECK (status in ('requested', 'accepted', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer,
	"status" text DEFAULT 'reported' NOT NULL,
	"reason" text NOT NULL,
	"description" text NOT NULL,
	"item_ids" jsonb NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pickup_date" date,
	"decision_note" text,
	"accepted_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"refund_due_at" timestamp with time zone,
	"replacement_order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "returns_status_check" CHECK (status in ('reported', 'accepted', 'received', 'refunded', 'replaced', 'declined'))
);
--> statement-breakpoint
DROP INDEX "invoices_one_per_order";--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "cancellation_id" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "return_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "refund_id" integer;--> statement-breakpoint
ALTER TABLE "cancellations" ADD CONSTRAINT "cancellations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellations" ADD CONSTRAINT "cancellations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_replacement_order_id_orders_id_fk" FOREIGN KEY ("replacement_order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cancellations_order_idx" ON "cancellations" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cancellations_one_open" ON "cancellations" USING btree ("order_id") WHERE "cancellations"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "returns_order_idx" ON "returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "returns_status_idx" ON "returns" USING btree ("status");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_cancellation_id_cancellations_id_fk" FOREIGN KEY ("cancellation_id") REFERENCES "public"."cancellations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_invoice_per_order" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_refund" ON "invoices" USING btree ("refund_id");--> statement-breakpoint
-- A credit note issued before refunds had their own was for the whole invoiced payment: joined to that refund.
UPDATE "invoices" SET "refund_id" = r."id" FROM "refunds" r JOIN "orders" o ON o."id" = r."order_id" WHERE "invoices"."kind" = 'credit_note' AND r."order_id" = "invoices"."order_id" AND r."provider_payment_id" = o."provider_payment_id" AND r."idempotency_key" = 'full:' || r."provider_payment_id";
