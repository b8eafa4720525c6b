CREATE TABLE "charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"purpose" text DEFAULT 'order' NOT NULL,
	"provider" text NOT NULL,
	"provider_order_id" text,
	"provider_payment_id" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"refunded_paise" bigint DEFAULT 0 NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charges_provider_payment_id_unique" UNIQUE("provider_payment_id"),
	CONSTRAINT "charges_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "charges_amount_positive" CHECK ("charges"."amount_paise" > 0),
	CONSTRAINT "charges_refunded_within" CHECK ("charges"."refunded_paise" >= 0 and "charges"."refunded_paise" <= "charges"."amount_paise"),
	CONSTRAINT "charges_purpose_check" CHECK (purpose in ('order', 'advance', 'balance'))
);
--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_provider_payment_id_unique";--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "kind" text DEFAULT 'note' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "data" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "charge_id" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
-- The ledger starts with what was already paid: one charge per captured order payment, and one per payment
-- that was only ever refunded (a late or second payment), then each refund joined to its charge.
INSERT INTO "charges" ("order_id", "purpose", "provider", "provider_order_id", "provider_payment_id", "amount_paise", "idempotency_key", "created_at")
  SELECT "id", 'order', "provider", "provider_order_id", "provider_payment_id", "total_paise", 'capture:' || "provider_payment_id", coalesce("paid_at", "updated_at")
  FROM "orders" WHERE "payment_status" = 'captured' AND "provider_payment_id" IS NOT NULL AND "total_paise" > 0;--> statement-breakpoint
INSERT INTO "charges" ("order_id", "purpose", "provider", "provider_order_id", "provider_payment_id", "amount_paise", "idempotency_key", "created_at")
  SELECT r."order_id", 'order', r."provider", o."provider_order_id", r."provider_payment_id", sum(r."amount_paise"), 'capture:' || r."provider_payment_id", min(r."created_at")
  FROM "refunds" r JOIN "orders" o ON o."id" = r."order_id"
  WHERE NOT EXISTS (SELECT 1 FROM "charges" c WHERE c."provider_payment_id" = r."provider_payment_id")
  GROUP BY r."order_id", r."provider", o."provider_order_id", r."provider_payment_id";--> statement-breakpoint
UPDATE "refunds" r SET "charge_id" = c."id", "idempotency_key" = 'full:' || r."provider_payment_id"
  FROM "charges" c WHERE c."provider_payment_id" = r."provider_payment_id";--> statement-breakpoint
UPDATE "charges" c SET "refunded_paise" = least(c."amount_paise", s."total")
  FROM (SELECT "charge_id", sum("amount_paise") AS "total" FROM "refunds" GROUP BY "charge_id") s WHERE s."charge_id" = c."id";--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "charge_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "idempotency_key" SET NOT NULL;--> statement-breakpoint
-- Events written before kinds: a cancelled order's payment refusal keeps its facts as data, read once here.
UPDATE "order_events" SET "kind" = 'payment_refused',
  "data" = jsonb_build_object('payment_id', substring("note" from '^Payment (\S+) '), 'refusal',
    CASE WHEN "note" ~ 'does not deliver to pincode [0-9]{6}' THEN jsonb_build_object('reason', 'unserved', 'pincode', substring("note" from 'does not deliver to pincode ([0-9]{6})'))
         ELSE jsonb_build_object('reason', 'sold_out', 'items', '[]'::jsonb) END)
  WHERE "status" = 'cancelled' AND "note" ~ '^Payment \S+ received' AND ("note" LIKE '%sold out%' OR "note" LIKE '%does not deliver to pincode%');--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charges_order_idx" ON "charges" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("provider_payment_id");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_idempotency_key_unique" UNIQUE("idempotency_key");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK (status in ('pending', 'paid', 'in_production', 'ready_to_dispatch', 'shipped', 'delivered', 'cancelled', 'expired'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_check" CHECK (payment_status in ('created', 'attempted', 'abandoned', 'captured', 'failed'));