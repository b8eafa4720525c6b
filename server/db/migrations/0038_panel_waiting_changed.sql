-- Decision 0058, amended (the owner's panel frame): each process keeps the panel's badge counts (what waits for
-- the owner in Returns and Quotes, server/page/panel-waiting.ts) in the shopper facts' cache under the tag `w`.
-- Any change of the tables they count tells every process to drop them, on the channel `shopper_changed`, once
-- per statement (PostgreSQL sends a transaction's notifications when it commits, and only once for the same payload).
CREATE FUNCTION panel_waiting_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shopper_changed', 'w');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER cancellations_panel_waiting AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cancellations FOR EACH STATEMENT EXECUTE FUNCTION panel_waiting_changed();
--> statement-breakpoint
CREATE TRIGGER returns_panel_waiting AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON returns FOR EACH STATEMENT EXECUTE FUNCTION panel_waiting_changed();
--> statement-breakpoint
CREATE TRIGGER quote_requests_panel_waiting AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON quote_requests FOR EACH STATEMENT EXECUTE FUNCTION panel_waiting_changed();
--> statement-breakpoint
CREATE TRIGGER quotes_panel_waiting AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON quotes FOR EACH STATEMENT EXECUTE FUNCTION panel_waiting_changed();
