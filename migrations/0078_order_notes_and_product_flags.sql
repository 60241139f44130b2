-- Order notes and two product flags. Portable: SQLite and PostgreSQL.
--
-- `orders.observacao`: the buyer's note to the store for the whole order ('deixar na portaria'),
-- at most 280 characters, no control characters (checked by the API); NULL when none.
-- `order_lines.observacao`: a note on one line ('sem cebola'), only for a product that accepts
-- one; NULL when none.
-- `products.aceita_observacao`: the store lets buyers write a note on this product's line.
-- `products.organico`: the store declares the product organic (a search filter).
ALTER TABLE orders ADD COLUMN observacao TEXT;
ALTER TABLE order_lines ADD COLUMN observacao TEXT;
ALTER TABLE products ADD COLUMN aceita_observacao BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE products ADD COLUMN organico BOOLEAN NOT NULL DEFAULT FALSE;
