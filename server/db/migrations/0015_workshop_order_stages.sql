CREATE TABLE "order_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"image" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "stage" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stage" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expected_from" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expected_to" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expected_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expected_revised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_photos" ADD CONSTRAINT "order_photos_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_photos" ADD CONSTRAINT "order_photos_event_id_order_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."order_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_photos_event_idx" ON "order_photos" USING btree ("event_id","position");--> statement-breakpoint
CREATE INDEX "order_photos_image_idx" ON "order_photos" USING btree ("image");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_stage_matches_status" CHECK ("orders"."stage" is null or "orders"."stage" = "orders"."status" or ("orders"."status" = 'in_production' and "orders"."stage" in ('design_signoff', 'timber_selection', 'joinery', 'finishing', 'quality_check')) or ("orders"."status" = 'delivered' and "orders"."stage" = 'installed'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_expected_revision_check" CHECK (("orders"."expected_from" is null and "orders"."expected_to" is null and "orders"."expected_reason" is null) or ("orders"."expected_from" is not null and "orders"."expected_to" is not null and "orders"."expected_from" <= "orders"."expected_to" and length(trim("orders"."expected_reason")) > 0));