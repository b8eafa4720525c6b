CREATE TABLE "search_words" (
	"token" text PRIMARY KEY NOT NULL,
	"uses" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "products_name_search_idx" ON "products" USING gin (to_tsvector('english', "name"));--> statement-breakpoint
-- A product's distinct tokens, as search's vocabulary takes them: its name and description in lower case, split on white space.
CREATE FUNCTION "search_words_of"(name text, description text) RETURNS SETOF text LANGUAGE sql STABLE AS $$
  SELECT DISTINCT t FROM regexp_split_to_table(lower(coalesce(name, '') || ' ' || coalesce(description, '')), '[[:space:]]+') AS t WHERE t <> ''
$$;--> statement-breakpoint
-- New products: each of their tokens gains a use (in the tokens' order, so that writers meeting on one token do not deadlock).
CREATE FUNCTION "search_words_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words AS w (token, uses)
    SELECT t, count(*)::int FROM added, search_words_of(added.name, added.description) AS t GROUP BY t ORDER BY t
    ON CONFLICT (token) DO UPDATE SET uses = w.uses + excluded.uses;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Deleted products: each of their tokens loses a use, and a token no product uses any more leaves the vocabulary.
CREATE FUNCTION "search_words_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone text[];
BEGIN
  WITH counted AS (
    SELECT t, count(*)::int AS n FROM removed, search_words_of(removed.name, removed.description) AS t GROUP BY t
  ), changed AS (
    UPDATE search_words AS w SET uses = w.uses - counted.n FROM counted WHERE w.token = counted.t RETURNING w.token
  )
  SELECT array_agg(token) INTO gone FROM changed;
  DELETE FROM search_words WHERE token = ANY(gone) AND uses <= 0;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A product's name or description changed: the old tokens lose a use, the new ones gain one.
CREATE FUNCTION "search_words_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words AS w (token, uses)
    SELECT t, sum(n)::int FROM (
      SELECT t, -1 AS n FROM search_words_of(OLD.name, OLD.description) AS t
      UNION ALL
      SELECT t, 1 AS n FROM search_words_of(NEW.name, NEW.description) AS t
    ) AS d GROUP BY t HAVING sum(n) <> 0 ORDER BY t
    ON CONFLICT (token) DO UPDATE SET uses = w.uses + excluded.uses;
  DELETE FROM search_words WHERE uses <= 0 AND token IN (SELECT t FROM search_words_of(OLD.name, OLD.description) AS t);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "search_words_cleared"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_words;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_search_words_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_added();--> statement-breakpoint
CREATE TRIGGER "products_search_words_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_removed();--> statement-breakpoint
CREATE TRIGGER "products_search_words_update" AFTER UPDATE OF "name", "description" ON "products" FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.description IS DISTINCT FROM NEW.description)
  EXECUTE FUNCTION search_words_changed();--> statement-breakpoint
CREATE TRIGGER "products_search_words_truncate" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_cleared();--> statement-breakpoint
INSERT INTO "search_words" ("token", "uses")
  SELECT t, count(*)::int FROM "products", search_words_of("products"."name", "products"."description") AS t GROUP BY t;
--> statement-breakpoint
-- Up to `most` products whose names resemble the query (word similarity above the session's threshold, 0.5),
-- read by the names' trigram index: not knowing how few they are, the planner would rather test every name in
-- turn along another index.
CREATE FUNCTION "search_names_resembling"(query text, most integer) RETURNS SETOF integer LANGUAGE sql STABLE
  SET enable_seqscan = off SET enable_indexscan = off SET enable_indexonlyscan = off
AS $$
  SELECT p.id FROM products p WHERE query <% p.name AND word_similarity(query, p.name) > 0.5 LIMIT most
$$;
