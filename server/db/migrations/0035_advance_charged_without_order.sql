ALTER TABLE "charges" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_order_named" CHECK ("charges"."order_id" is not null or "charges"."purpose" = 'advance');