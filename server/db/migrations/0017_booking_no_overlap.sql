-- Two active bookings of one kind of consultation never overlap, even when two visitors book at the same
-- moment: an exclusion constraint, which drizzle cannot express. btree_gist gives GiST its "=" on integers.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD CONSTRAINT "consultation_bookings_no_overlap"
  EXCLUDE USING gist ("kind_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("status" <> 'cancelled');
--> statement-breakpoint
-- The shop's starting settings (the owner changes them in the admin): three kinds, 9:30 to 21:00 India time
-- every day, bookings up to 30 days ahead.
INSERT INTO "consultation_kinds" ("slug", "name", "description", "duration_minutes", "position") VALUES
  ('showroom', 'Showroom visit', 'Meet a design expert at our Chennai store, see the timber and the finishes.', 60, 1),
  ('video', 'Video call', 'Talk to a design expert from anywhere, with your photos and measurements.', 30, 2),
  ('home', 'Home visit (within Chennai)', 'A design expert measures your room and brings samples to your home in Chennai.', 90, 3)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "consultation_hours" ("weekday", "opens_minute", "closes_minute") VALUES
  (0, 570, 1260), (1, 570, 1260), (2, 570, 1260), (3, 570, 1260), (4, 570, 1260), (5, 570, 1260), (6, 570, 1260)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "consultation_settings" ("id", "horizon_days") VALUES (1, 30) ON CONFLICT DO NOTHING;
