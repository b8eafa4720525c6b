ALTER TABLE "quote_payments" ADD COLUMN "address" jsonb;--> statement-breakpoint
ALTER TABLE "quote_payments" ADD COLUMN "delivery_pincode" text;--> statement-breakpoint
ALTER TABLE "quote_payments" ADD COLUMN "delivery_paise" bigint;--> statement-breakpoint
-- Decision 0046: an order names its address. Quote orders paid without one take the address their quote kept,
-- else the buyer's first saved address (not deleted) in the pincode the quote was priced for.
UPDATE "orders" AS o SET "address" = q."address"
  FROM "quotes" AS q
  WHERE q."order_id" = o."id" AND o."address" IS NULL AND q."address" IS NOT NULL;--> statement-breakpoint
UPDATE "orders" AS o SET "address" = (
    SELECT jsonb_strip_nulls(jsonb_build_object(
      'gstin', a."gstin",
      'business_name', CASE WHEN a."gstin" IS NOT NULL THEN a."business_name" END,
      'first_name', a."first_name", 'last_name', a."last_name", 'email', a."email", 'phone', a."phone",
      'address_line1', a."address_line1", 'address_line2', a."address_line2", 'city', a."city", 'state', a."state",
      'postal_code', a."postal_code", 'country', a."country"))
    FROM "addresses" AS a
    WHERE a."user_id" = o."user_id" AND a."postal_code" = o."delivery_pincode" AND a."deleted_at" IS NULL
    ORDER BY a."id" LIMIT 1)
  WHERE o."address" IS NULL AND o."cart_id" IS NULL AND EXISTS (
    SELECT 1 FROM "addresses" AS a
    WHERE a."user_id" = o."user_id" AND a."postal_code" = o."delivery_pincode" AND a."deleted_at" IS NULL);--> statement-breakpoint
-- Rows left without any address known keep existing (NOT VALID): every new order and every change of one is checked.
ALTER TABLE "orders" ADD CONSTRAINT "orders_address_named" CHECK ("orders"."address" is not null or "orders"."cart_id" is not null) NOT VALID;
