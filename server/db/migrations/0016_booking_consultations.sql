CREATE TABLE "consultation_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"product_id" integer,
	"photo" text,
	"status" text DEFAULT 'booked' NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"manage_token_hash" text NOT NULL,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultation_bookings_status_check" CHECK ("consultation_bookings"."status" in ('booked', 'confirmed', 'cancelled')),
	CONSTRAINT "consultation_bookings_order_check" CHECK ("consultation_bookings"."starts_at" < "consultation_bookings"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "consultation_closed_dates" (
	"day" date PRIMARY KEY NOT NULL,
	"reason" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultation_hours" (
	"weekday" smallint PRIMARY KEY NOT NULL,
	"opens_minute" integer NOT NULL,
	"closes_minute" integer NOT NULL,
	CONSTRAINT "consultation_hours_weekday_check" CHECK ("consultation_hours"."weekday" between 0 and 6),
	CONSTRAINT "consultation_hours_order_check" CHECK (0 <= "consultation_hours"."opens_minute" and "consultation_hours"."opens_minute" < "consultation_hours"."closes_minute" and "consultation_hours"."closes_minute" <= 1440)
);
--> statement-breakpoint
CREATE TABLE "consultation_kinds" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"duration_minutes" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "consultation_kinds_duration_check" CHECK ("consultation_kinds"."duration_minutes" between 15 and 240)
);
--> statement-breakpoint
CREATE TABLE "consultation_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"horizon_days" integer DEFAULT 30 NOT NULL,
	CONSTRAINT "consultation_settings_single_row" CHECK ("consultation_settings"."id" = 1),
	CONSTRAINT "consultation_settings_horizon_check" CHECK ("consultation_settings"."horizon_days" between 1 and 365)
);
--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD CONSTRAINT "consultation_bookings_kind_id_consultation_kinds_id_fk" FOREIGN KEY ("kind_id") REFERENCES "public"."consultation_kinds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD CONSTRAINT "consultation_bookings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consultation_bookings_token_key" ON "consultation_bookings" USING btree ("manage_token_hash");--> statement-breakpoint
CREATE INDEX "consultation_bookings_starts_idx" ON "consultation_bookings" USING btree ("starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "consultation_kinds_slug_key" ON "consultation_kinds" USING btree ("slug");