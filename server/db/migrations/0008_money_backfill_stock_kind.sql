-- What the shop sells: the ready-to-ship range is counted stock; everything else is made to order.
UPDATE "products" SET "stock_kind" = 'ready_stock' WHERE "id" IN (SELECT "product_id" FROM "ready_to_ship");
