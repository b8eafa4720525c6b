-- Decision 0042: a shopper's cart page is kept per version of what it shows, her addresses among them (tag
-- a:<user id>). The addresses service named that tag when it wrote; an address changed any other way (a support
-- fix in SQL) showed only once the kept page aged out. The addresses now tell it themselves, as carts do.
CREATE OR REPLACE FUNCTION shopper_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tags text[] := '{}';
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('shopper_changed', '');
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'sessions' THEN
    IF TG_OP <> 'INSERT' THEN tags := tags || ('s:' || OLD.id) || ('u:' || OLD.user_id); END IF;
    IF TG_OP <> 'DELETE' THEN tags := tags || ('s:' || NEW.id) || ('u:' || NEW.user_id); END IF;
  ELSIF TG_TABLE_NAME = 'users' THEN
    IF TG_OP <> 'INSERT' THEN tags := tags || ('u:' || OLD.id); END IF;
    IF TG_OP <> 'DELETE' THEN tags := tags || ('u:' || NEW.id); END IF;
  ELSIF TG_TABLE_NAME = 'carts' THEN
    IF TG_OP <> 'INSERT' THEN
      tags := tags || ('c:' || OLD.id) || ('k:' || OLD.cart_code);
      IF OLD.user_id IS NOT NULL THEN tags := tags || ('u:' || OLD.user_id); END IF;
    END IF;
    IF TG_OP <> 'DELETE' THEN
      tags := tags || ('c:' || NEW.id) || ('k:' || NEW.cart_code);
      IF NEW.user_id IS NOT NULL THEN tags := tags || ('u:' || NEW.user_id); END IF;
    END IF;
  ELSIF TG_TABLE_NAME = 'cart_items' THEN
    IF TG_OP <> 'INSERT' THEN tags := tags || ('c:' || OLD.cart_id); END IF;
    IF TG_OP <> 'DELETE' THEN tags := tags || ('c:' || NEW.cart_id); END IF;
  ELSIF TG_TABLE_NAME = 'addresses' THEN
    IF TG_OP <> 'INSERT' THEN tags := tags || ('a:' || OLD.user_id); END IF;
    IF TG_OP <> 'DELETE' THEN tags := tags || ('a:' || NEW.user_id); END IF;
  END IF;
  PERFORM pg_notify('shopper_changed', (SELECT string_agg(DISTINCT tag, ' ') FROM unnest(tags) AS tag));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER addresses_shopper_changed AFTER INSERT OR UPDATE OR DELETE ON addresses FOR EACH ROW EXECUTE FUNCTION shopper_changed();
--> statement-breakpoint
CREATE TRIGGER addresses_shopper_truncated AFTER TRUNCATE ON addresses FOR EACH STATEMENT EXECUTE FUNCTION shopper_changed();
