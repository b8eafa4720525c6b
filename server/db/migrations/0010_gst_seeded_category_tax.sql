-- The demo shop's categories that are not wooden furniture (HSN 9403, the default) get their own HSN and rate.
UPDATE "categories" SET "hsn_code" = '9401' WHERE "slug" = 'sofas' AND "hsn_code" = '9403';
--> statement-breakpoint
UPDATE "categories" SET "hsn_code" = '9701', "gst_rate_bp" = 500 WHERE "slug" = 'paintings' AND "hsn_code" = '9403';
--> statement-breakpoint
UPDATE "categories" SET "hsn_code" = '4418', "gst_rate_bp" = 500 WHERE "slug" = 'wall-panels' AND "hsn_code" = '9403';
