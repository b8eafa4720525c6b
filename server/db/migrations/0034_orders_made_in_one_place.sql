ALTER TABLE "order_items" ALTER COLUMN "product_slug" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "provider" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "provider_order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "cart_fingerprint" DROP NOT NULL;--> statement-breakpoint
-- Issue 39: the placeholders of orders made without a cart or a provider order become nulls. Rows that name no
-- address and no cart (older than decision 0046's NOT VALID check) are left as they were: any change to them is
-- refused until they are given an address, and their placeholders satisfy the new check as they are.
UPDATE "orders" SET "provider" = NULL, "provider_order_id" = NULL
 WHERE "provider" = 'replacement' AND "total_paise" = 0 AND ("address" IS NOT NULL OR "cart_id" IS NOT NULL);--> statement-breakpoint
UPDATE "orders" SET "cart_fingerprint" = NULL
 WHERE ("cart_fingerprint" LIKE 'quote:%' OR "cart_fingerprint" LIKE 'replacement:%') AND ("address" IS NOT NULL OR "cart_id" IS NOT NULL);--> statement-breakpoint
UPDATE "order_items" SET "product_slug" = NULL WHERE "product_slug" = '';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_provider_order_named" CHECK (("orders"."provider" is null) = ("orders"."provider_order_id" is null) and ("orders"."provider_order_id" is not null or "orders"."total_paise" = 0));