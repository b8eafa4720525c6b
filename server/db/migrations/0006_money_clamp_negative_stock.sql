-- Before stock gets its CHECK (never below zero): any negative count left by older code becomes 0.
UPDATE "products" SET "stock_quantity" = 0 WHERE "stock_quantity" < 0;
