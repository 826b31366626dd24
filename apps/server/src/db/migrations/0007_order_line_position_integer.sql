-- An order line's position was smallint: a cart of more than 32,767 lines (possible before carts
-- were capped at CART_LINES_MAX, decision 027) made its checkout fail. Integer positions hold any
-- cart already stored.
ALTER TABLE "order_lines" ALTER COLUMN "position" SET DATA TYPE integer;
