-- An order's payments are its charges (decision 0045): before the order row's payment id goes, every paid order
-- whose payment the ledger does not hold yet gets its charge: the whole total for an order paid in full, the
-- advance's amount for a quote's order (from its provider order). The charges' unique payment id keeps one order
-- per payment from here on, as the dropped index did.
INSERT INTO "charges" ("order_id", "purpose", "provider", "provider_order_id", "provider_payment_id", "amount_paise", "idempotency_key", "created_at")
  SELECT o."id",
    CASE WHEN qp."id" IS NOT NULL THEN 'advance' ELSE 'order' END,
    coalesce(o."provider", qp."provider", 'razorpay'), o."provider_order_id", o."provider_payment_id",
    coalesce(qp."amount_paise", o."total_paise"), 'capture:' || o."provider_payment_id", coalesce(o."paid_at", o."updated_at")
  FROM "orders" o
  LEFT JOIN "quote_payments" qp ON qp."provider_payment_id" = o."provider_payment_id" AND qp."purpose" = 'advance'
  WHERE o."provider_payment_id" IS NOT NULL
    AND (qp."id" IS NOT NULL OR o."payment_status" = 'captured')
    AND coalesce(qp."amount_paise", o."total_paise") > 0
    AND NOT EXISTS (SELECT 1 FROM "charges" c WHERE c."provider_payment_id" = o."provider_payment_id");--> statement-breakpoint
DROP INDEX "orders_provider_payment_idx";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "provider_payment_id";