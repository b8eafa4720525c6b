-- Decision 0050, amended: a shopper's saved pieces are one of the facts of her kept pages (every heart drawn filled
-- or empty in the first HTML), kept in memory by each process as her cart is (server/page/shopper-facts.ts). A
-- change of them names its keeper on the channel `shopper_changed`: sv:<user id> for an account's pieces,
-- sk:<cart code> for a visitor's; the move at log-in (a visitor's rows deleted, the account's inserted) names both.
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
  ELSIF TG_TABLE_NAME = 'saved_pieces' THEN
    -- One keeper per row (a check of the table): the other column is null, and so is its tag.
    IF TG_OP <> 'INSERT' THEN tags := tags || coalesce('sv:' || OLD.user_id, 'sk:' || OLD.guest_code); END IF;
    IF TG_OP <> 'DELETE' THEN tags := tags || coalesce('sv:' || NEW.user_id, 'sk:' || NEW.guest_code); END IF;
  END IF;
  PERFORM pg_notify('shopper_changed', (SELECT string_agg(DISTINCT tag, ' ') FROM unnest(tags) AS tag));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER saved_pieces_shopper_changed AFTER INSERT OR UPDATE OR DELETE ON saved_pieces FOR EACH ROW EXECUTE FUNCTION shopper_changed();
--> statement-breakpoint
CREATE TRIGGER saved_pieces_shopper_truncated AFTER TRUNCATE ON saved_pieces FOR EACH STATEMENT EXECUTE FUNCTION shopper_changed();
