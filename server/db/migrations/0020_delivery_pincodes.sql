CREATE TABLE "delivery_exclusions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"state" text,
	"district" text,
	"pincode_from" text,
	"pincode_to" text,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_exclusions_shape" CHECK (("delivery_exclusions"."kind" = 'state' and "delivery_exclusions"."state" is not null and "delivery_exclusions"."district" is null and "delivery_exclusions"."pincode_from" is null and "delivery_exclusions"."pincode_to" is null) or ("delivery_exclusions"."kind" = 'district' and "delivery_exclusions"."state" is not null and "delivery_exclusions"."district" is not null and "delivery_exclusions"."pincode_from" is null and "delivery_exclusions"."pincode_to" is null) or ("delivery_exclusions"."kind" = 'range' and "delivery_exclusions"."state" is null and "delivery_exclusions"."district" is null and "delivery_exclusions"."pincode_from" is not null and "delivery_exclusions"."pincode_to" is not null and "delivery_exclusions"."pincode_from" ~ '^[1-9][0-9]{5}$' and "delivery_exclusions"."pincode_to" ~ '^[1-9][0-9]{5}$' and "delivery_exclusions"."pincode_from" <= "delivery_exclusions"."pincode_to"))
);
--> statement-breakpoint
CREATE TABLE "delivery_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"zone_id" integer NOT NULL,
	"up_to_kg" integer,
	"standard_paise" bigint NOT NULL,
	"express_paise" bigint NOT NULL,
	CONSTRAINT "delivery_rates_prices_check" CHECK ("delivery_rates"."standard_paise" >= 0 and "delivery_rates"."express_paise" >= 0),
	CONSTRAINT "delivery_rates_kg_positive" CHECK ("delivery_rates"."up_to_kg" is null or "delivery_rates"."up_to_kg" > 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_unserved" (
	"pincode" text PRIMARY KEY NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"first_asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_unserved_count_positive" CHECK ("delivery_unserved"."count" > 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"position" smallint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"max_km" integer,
	"transit_days_min" smallint NOT NULL,
	"transit_days_max" smallint NOT NULL,
	"express_days_min" smallint NOT NULL,
	"express_days_max" smallint NOT NULL,
	CONSTRAINT "delivery_zones_code_unique" UNIQUE("code"),
	CONSTRAINT "delivery_zones_days_check" CHECK ("delivery_zones"."transit_days_min" between 1 and "delivery_zones"."transit_days_max" and "delivery_zones"."express_days_min" between 1 and "delivery_zones"."express_days_max"),
	CONSTRAINT "delivery_zones_km_positive" CHECK ("delivery_zones"."max_km" is null or "delivery_zones"."max_km" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_from" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_to" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_pincode" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "shipping_weight_g" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "packed_length_cm" smallint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "packed_width_cm" smallint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "packed_height_cm" smallint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "production_weeks_min" smallint DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "production_weeks_max" smallint DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_rates" ADD CONSTRAINT "delivery_rates_zone_id_delivery_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."delivery_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_exclusions_unique" ON "delivery_exclusions" USING btree ("kind",lower(coalesce("state", '')),lower(coalesce("district", '')),coalesce("pincode_from", ''),coalesce("pincode_to", ''));--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_rates_band_key" ON "delivery_rates" USING btree ("zone_id",coalesce("up_to_kg", 0));--> statement-breakpoint
CREATE INDEX "delivery_unserved_last_idx" ON "delivery_unserved" USING btree ("last_asked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_zones_position_key" ON "delivery_zones" USING btree ("position");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_window_check" CHECK (("orders"."delivery_from" is null and "orders"."delivery_to" is null) or ("orders"."delivery_from" is not null and "orders"."delivery_to" is not null and "orders"."delivery_from" <= "orders"."delivery_to"));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_shipping_weight_positive" CHECK ("products"."shipping_weight_g" is null or "products"."shipping_weight_g" > 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_packed_size_whole" CHECK (num_nulls("products"."packed_length_cm", "products"."packed_width_cm", "products"."packed_height_cm") in (0, 3) and coalesce("products"."packed_length_cm", 1) > 0 and coalesce("products"."packed_width_cm", 1) > 0 and coalesce("products"."packed_height_cm", 1) > 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_production_weeks_check" CHECK ("products"."production_weeks_min" between 1 and 52 and "products"."production_weeks_max" between 1 and 52 and "products"."production_weeks_min" <= "products"."production_weeks_max");