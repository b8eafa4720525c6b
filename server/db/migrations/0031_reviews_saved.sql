CREATE TABLE "product_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"order_id" integer,
	"stars" smallint NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"finish" text,
	"room" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"helpful_count" integer DEFAULT 0 NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_reviews_stars_check" CHECK ("product_reviews"."stars" between 1 and 5),
	CONSTRAINT "product_reviews_status_check" CHECK (status in ('pending', 'published', 'hidden'))
);
--> statement-breakpoint
CREATE TABLE "review_mail_opt_outs" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"review_id" integer NOT NULL,
	"image" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_requests" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_votes" (
	"review_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_votes_review_id_user_id_pk" PRIMARY KEY("review_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "saved_pieces" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"guest_code" text,
	"product_id" integer NOT NULL,
	"finish" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_pieces_one_keeper" CHECK (("saved_pieces"."user_id" is null) <> ("saved_pieces"."guest_code" is null))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "review_star_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_photos" ADD CONSTRAINT "review_photos_review_id_product_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."product_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_review_id_product_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."product_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_pieces" ADD CONSTRAINT "saved_pieces_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_pieces" ADD CONSTRAINT "saved_pieces_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_reviews_one_per_buyer" ON "product_reviews" USING btree ("product_id","user_id");--> statement-breakpoint
CREATE INDEX "product_reviews_product_idx" ON "product_reviews" USING btree ("product_id","status","created_at");--> statement-breakpoint
CREATE INDEX "product_reviews_status_idx" ON "product_reviews" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "product_reviews_user_idx" ON "product_reviews" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "review_photos_review_idx" ON "review_photos" USING btree ("review_id","position");--> statement-breakpoint
CREATE INDEX "review_photos_image_idx" ON "review_photos" USING btree ("image");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_pieces_user_line" ON "saved_pieces" USING btree ("user_id","product_id","finish") WHERE "saved_pieces"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_pieces_guest_line" ON "saved_pieces" USING btree ("guest_code","product_id","finish") WHERE "saved_pieces"."guest_code" is not null;--> statement-breakpoint
CREATE INDEX "saved_pieces_product_idx" ON "saved_pieces" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_review_sums_not_negative" CHECK ("products"."review_count" >= 0 and "products"."review_star_sum" >= 0);--> statement-breakpoint
-- Decision 0050: a product's published reviews are counted on its row, by the database, so that the average on
-- every card and in the API is a read of the product and two moderations at once cannot lose a count.
CREATE FUNCTION "product_reviews_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'published' THEN
    UPDATE "products" SET "review_count" = "review_count" - 1, "review_star_sum" = "review_star_sum" - OLD.stars WHERE "id" = OLD.product_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'published' THEN
    UPDATE "products" SET "review_count" = "review_count" + 1, "review_star_sum" = "review_star_sum" + NEW.stars WHERE "id" = NEW.product_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "product_reviews_counted" AFTER INSERT OR DELETE OR UPDATE OF "status", "stars", "product_id" ON "product_reviews"
  FOR EACH ROW EXECUTE FUNCTION "product_reviews_counted"();
