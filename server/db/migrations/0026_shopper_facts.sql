-- Decision 0042: each process keeps a shopper's session and cart facts in memory (server/shopper-facts.ts).
-- Any change to what they were read from tells every process which of them to drop, on the channel
-- `shopper_changed`, with the tags of the rows changed (before and after): s:<session id>, u:<user id>,
-- c:<cart id>, k:<cart code>, separated by spaces; an empty payload (a TRUNCATE) drops everything.
-- PostgreSQL sends a transaction's notifications when it commits, and only once for the same payload.
CREATE FUNCTION shopper_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
  END IF;
  PERFORM pg_notify('shopper_changed', (SELECT string_agg(DISTINCT tag, ' ') FROM unnest(tags) AS tag));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A new session or account changes nothing kept: no process has read it yet.
CREATE TRIGGER sessions_shopper_changed AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION shopper_changed();
--> statement-breakpoint
CREATE TRIGGER users_shopper_changed AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION shopper_changed();
--> statement-breakpoint
CREATE TRIGGER carts_shopper_changed AFTER INSERT OR UPDATE OR DELETE ON carts FOR EACH ROW EXECUTE FUNCTION shopper_changed();
--> statement-breakpoint
CREATE TRIGGER cart_items_shopper_changed AFTER INSERT OR UPDATE OR DELETE ON cart_items FOR EACH ROW EXECUTE FUNCTION shopper_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_shopper_truncated AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION shopper_changed();
--> statement-breakpoint
CREATE TRIGGER users_shopper_truncated AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION shopper_changed();
--> statement-breakpoint
CREATE TRIGGER carts_shopper_truncated AFTER TRUNCATE ON carts FOR EACH STATEMENT EXECUTE FUNCTION shopper_changed();
--> statement-breakpoint
CREATE TRIGGER cart_items_shopper_truncated AFTER TRUNCATE ON cart_items FOR EACH STATEMENT EXECUTE FUNCTION shopper_changed();
