-- The spec's four collections and rooms were fixed in the pages; they become rows every shop starts with.
-- Products already name their collection (collection1..collection4). Hotspots need products, so the demo
-- seed places them (server/db/seed); the owner places them in the admin.
INSERT INTO "collections" ("id", "title", "tagline", "image", "position") VALUES
  ('collection1', 'Significant Essence', 'Pieces with presence, for rooms that gather people.', '/media/site/collection1-1200x900.jpg', 0),
  ('collection2', 'Elegant Reflections', 'Quiet curves and polished grain.', '/media/site/collection2-1200x900.jpg', 1),
  ('collection3', 'Modern Minimalist', 'Clean lines, honest joinery, nothing extra.', '/media/site/collection3-1200x900.jpg', 2),
  ('collection4', 'Vintage Charm', 'Carving and craft from South Indian heritage homes.', '/media/site/collection4-1200x900.jpg', 3)
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "rooms" ("slug", "name", "image", "kind", "on_home", "position") VALUES
  ('living-room', 'Living Room', '/media/site/roomLiving-1200x800.jpg', 'room', false, 0),
  ('tv-unit', 'TV Unit', '/media/site/roomTv-1200x800.jpg', 'room', true, 1),
  ('kitchen', 'Kitchen', '/media/site/roomKitchen-1200x800.jpg', 'room', true, 2),
  ('bed-room', 'Bed Room', '/media/site/roomBedroom-1200x800.jpg', 'room', true, 3),
  ('study-table', 'Study Table', '/media/site/roomStudy-1200x800.jpg', 'room', true, 4),
  ('dining-room', 'Dining Room', '/media/site/roomDining-1200x800.jpg', 'room', false, 5),
  ('classic-bedroom', 'Classic Bedroom', '/media/site/roomBedroom-1200x800.jpg', 'bedroom', false, 6),
  ('master-bedroom', 'Master Bedroom', '/media/site/bedroom1-1200x800.jpg', 'bedroom', false, 6),
  ('guest-bedroom', 'Guest Bedroom', '/media/site/bedroom2-1200x800.jpg', 'bedroom', false, 7),
  ('heritage-bedroom', 'Heritage Bedroom', '/media/site/bedroom3-1200x800.jpg', 'bedroom', false, 8),
  ('garden-bedroom', 'Garden Bedroom', '/media/site/bedroom4-1200x800.jpg', 'bedroom', false, 9)
ON CONFLICT ("slug") DO NOTHING;
