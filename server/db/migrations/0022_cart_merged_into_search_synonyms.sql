CREATE TABLE "search_synonyms" (
	"id" serial PRIMARY KEY NOT NULL,
	"term" text NOT NULL,
	"means" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_synonyms_term_unique" UNIQUE("term")
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "merged_into_id" integer;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_merged_into_id_carts_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Common words of Indian homes for what the catalogue names otherwise; the owner edits the list in the admin panel.
INSERT INTO "search_synonyms" ("term", "means") VALUES
	('mandap', 'mandir'),
	('puja', 'pooja'),
	('almirah', 'wardrobe'),
	('almari', 'wardrobe'),
	('palang', 'bed'),
	('jhula', 'swing'),
	('jhoola', 'swing'),
	('diwan', 'divan')
ON CONFLICT ("term") DO NOTHING;
