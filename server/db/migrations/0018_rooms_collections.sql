CREATE TABLE "collections" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"tagline" text DEFAULT '' NOT NULL,
	"image" text,
	"starts_from_paise" bigint,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collections_id_check" CHECK ("collections"."id" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "collections_starts_from_check" CHECK ("collections"."starts_from_paise" is null or "collections"."starts_from_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "room_hotspots" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"x_bp" integer NOT NULL,
	"y_bp" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "room_hotspots_x_check" CHECK ("room_hotspots"."x_bp" between 0 and 10000),
	CONSTRAINT "room_hotspots_y_check" CHECK ("room_hotspots"."y_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "room_products" (
	"room_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "room_products_room_id_product_id_pk" PRIMARY KEY("room_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"image" text,
	"kind" text DEFAULT 'room' NOT NULL,
	"on_home" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rooms_slug_unique" UNIQUE("slug"),
	CONSTRAINT "rooms_kind_check" CHECK ("rooms"."kind" in ('room', 'bedroom')),
	CONSTRAINT "rooms_slug_check" CHECK ("rooms"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
ALTER TABLE "room_hotspots" ADD CONSTRAINT "room_hotspots_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_hotspots" ADD CONSTRAINT "room_hotspots_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_products" ADD CONSTRAINT "room_products_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_products" ADD CONSTRAINT "room_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_hotspots_room_idx" ON "room_hotspots" USING btree ("room_id","position");--> statement-breakpoint
CREATE INDEX "room_hotspots_product_idx" ON "room_hotspots" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "room_products_product_idx" ON "room_products" USING btree ("product_id");