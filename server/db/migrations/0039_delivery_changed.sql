-- Decision 0063: each process keeps the owner's delivery tables as the estimates read them (the rate table, the
-- exclusions; server/services.ts, `DELIVERY_TAG`) in the shopper facts' cache under the tag `d`. Any change of the
-- tables tells every process to drop them, on the channel `shopper_changed`, once per statement (PostgreSQL sends a
-- transaction's notifications when it commits, and only once for the same payload). The function sends the tag its
-- trigger names, so that the next table kept under a tag of its own needs a trigger only (0038's sends `w` alone).
CREATE FUNCTION shopper_tag_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shopper_changed', TG_ARGV[0]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER delivery_zones_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON delivery_zones FOR EACH STATEMENT EXECUTE FUNCTION shopper_tag_changed('d');
--> statement-breakpoint
CREATE TRIGGER delivery_rates_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON delivery_rates FOR EACH STATEMENT EXECUTE FUNCTION shopper_tag_changed('d');
--> statement-breakpoint
CREATE TRIGGER delivery_exclusions_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON delivery_exclusions FOR EACH STATEMENT EXECUTE FUNCTION shopper_tag_changed('d');
